// Profile (spec §2 "Profile", §5 "Profile", "Avatar", "Staking wallet address", §6): avatar with cropper,
// name (when editable), email (read-only, hidden for auto-registered members), phone, telegram, language,
// theme (when allowed), support code, reference id; the staking wallet, the sponsor and the referral link.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  NativeSelect,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { IconLock, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { sponsorQueryOptions, stakingWalletQueryOptions, useMember, type Me } from '../../api/account';
import { referralLink } from '../../lib/member';
import { profileSchema, profileLanguages, type ProfileValues } from '../../../machines/account/profile.schema';
import type { profileMachine } from '../../../machines/account/profile.machine';
import type { avatarMachine } from '../../../machines/account/avatar.machine';
import type { stakingWalletMachine } from '../../../machines/account/staking-wallet.machine';
import {
  selectBusy as selectProfileBusy,
  selectError as selectProfileError,
  selectPendingAvatar,
  selectSwitchingTo,
} from '../../../machines/account/profile.selectors';
import { selectCropping, selectFailure as selectAvatarFailure } from '../../../machines/account/avatar.selectors';
import {
  selectBusy as selectWalletBusy,
  selectCanSave,
  selectError as selectWalletError,
} from '../../../machines/account/staking-wallet.selectors';
import { appErrorText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { isLocale, localeNames } from '../../lib/i18n';
import { hasInput, useBusyWhile } from '../../lib/activity';
import { useTenant } from '../../lib/tenant-context';
import { CopyIconButton, CopyLink } from '../../components/copy-hint';
import { AvatarContext, ProfileContext, StakingWalletContext } from './account.contexts';
import type { Flow } from '../../lib/flow-inspection';
import { AccountNav } from './account-nav';
import { focusFirstError } from '../../lib/form-focus';

const loadCropper = () => import('./avatar-cropper');
const AvatarCropper = lazy(loadCropper);

function AvatarPicker({ current }: { current: string | null }) {
  const { t } = useLingui();
  const avatar = AvatarContext.useActorRef();
  const profile = ProfileContext.useActorRef();
  const pending = ProfileContext.useSelector(selectPendingAvatar);
  const cropping = AvatarContext.useSelector(selectCropping);
  const failure = AvatarContext.useSelector(selectAvatarFailure);
  return (
    <Group gap="md">
      <Avatar src={pending ?? current} size={72} radius="xl" alt={t`Your photo`} />
      <FileButton accept="image/png,image/jpeg" onChange={(file) => file && avatar.send({ type: 'file.choose', file })}>
        {(props) => (
          <Button
            variant="light"
            leftSection={<IconUpload size={16} />}
            onPointerEnter={loadCropper}
            onFocus={loadCropper}
            {...props}
          >
            <Trans>Change photo</Trans>
          </Button>
        )}
      </FileButton>
      {pending && (
        <>
          <Text size="sm" c="dimmed">
            <Trans>The new photo is saved with the profile.</Trans>
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => profile.send({ type: 'avatar.reset' })}>
            <Trans>Keep the current photo</Trans>
          </Button>
        </>
      )}
      {failure === 'read' && (
        <Text size="sm" c="red" role="alert">
          <Trans>This picture could not be read. Please choose another PNG or JPG file.</Trans>
        </Text>
      )}
      {cropping && (
        <Suspense fallback={<Loader size="sm" aria-label={t`Loading`} />}>
          <AvatarCropper />
        </Suspense>
      )}
    </Group>
  );
}

function ThemeChoice() {
  const { t } = useLingui();
  const tenant = useTenant();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  if (!tenant.whiteLabel.design?.allow_theme_switch) return null;
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="theme-label">
        <Trans>Theme</Trans>
      </Text>
      <SegmentedControl
        aria-labelledby="theme-label"
        value={scheme}
        onChange={(value) => setColorScheme(value as 'light' | 'dark')}
        data={[
          { value: 'light', label: t`Light` },
          { value: 'dark', label: t`Dark` },
        ]}
      />
    </div>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const { t, i18n } = useLingui();
  const tenant = useTenant();
  const actor = ProfileContext.useActorRef();
  const busy = ProfileContext.useSelector(selectProfileBusy);
  const error = ProfileContext.useSelector(selectProfileError);
  const switchingTo = ProfileContext.useSelector(selectSwitchingTo);
  const allowEditName = tenant.whiteLabel.allow_edit_name;
  const [typed, setTyped] = useState(false);
  useBusyWhile('profile-form', typed);
  const initial: ProfileValues = {
    name: me.name,
    phone: me.phone ?? '',
    telegram: me.telegram ?? '',
    supportCode: me.support_verification_code ?? '',
    // The language the page is in: the header switch may have changed it since the profile was saved, and
    // Save must not switch the member back.
    language: isLocale(i18n.locale) ? i18n.locale : 'en',
  };
  const form = useForm<ProfileValues>({
    mode: 'uncontrolled',
    initialValues: initial,
    validate: schemaResolver(profileSchema({ allowEditName }), { sync: true }),
    validateInputOnBlur: true,
    // The language is not typed: it switches at once.
    onValuesChange: (values) => setTyped(hasInput({ ...values, language: '' }) && form.isDirty()),
  });
  const fieldError = (name: keyof ProfileValues) => fieldErrorText(form.errors[name] as string | undefined);
  return (
    <form
      noValidate
      aria-busy={busy}
      onSubmit={form.onSubmit(
        (values) => actor.send({ type: 'profile.submit', values }),
        (errors) => focusFirstError(errors, form.getInputNode),
      )}
    >
      <Stack gap="md">
        <TextInput
          label={t`Name`}
          required
          disabled={!allowEditName}
          description={allowEditName ? undefined : t`Your name cannot be changed here.`}
          key={form.key('name')}
          {...form.getInputProps('name')}
          error={fieldError('name')}
        />
        {!me.auto_register && (
          <ReadOnlyField label={t`Email`} value={me.obfuscated_email ?? ''} description={t`Your email cannot be changed.`} />
        )}
        <TextInput
          label={t`Phone`}
          placeholder="+1 202 555 0123"
          inputMode="tel"
          autoComplete="tel"
          description={t`International format, starting with +`}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
          error={fieldError('phone')}
        />
        <TextInput
          label={t`Telegram`}
          key={form.key('telegram')}
          {...form.getInputProps('telegram')}
          error={fieldError('telegram')}
        />
        <NativeSelect
          label={t`Language`}
          data={profileLanguages.map((locale) => ({ value: locale, label: localeNames[locale] }))}
          // Shows the language being switched to, and the saved one again when the switch failed.
          value={switchingTo ?? initial.language}
          onChange={(event) =>
            actor.send({ type: 'language.change', language: event.currentTarget.value as ProfileValues['language'] })
          }
          disabled={busy}
          description={t`Changing the language reloads the page.`}
        />
        <ThemeChoice />
        <PasswordInput
          label={t`Support code`}
          description={t`Six digits you tell the support team so they know it is you.`}
          inputMode="numeric"
          maxLength={6}
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the support code` }}
          key={form.key('supportCode')}
          {...form.getInputProps('supportCode')}
          error={fieldError('supportCode')}
        />
        <ReadOnlyField label={t`Reference id`} value={me.reference_id ?? ''} />
        {/* The server's answer shows beside Save, where the member is looking, and takes the focus. */}
        {error && <SaveError text={appErrorText(error)} />}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A value the member cannot change: it looks like text in a box, not like a field waiting for input. */
function ReadOnlyField({ label, value, description }: { label: string; value: string; description?: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      description={description}
      readOnly
      variant="filled"
      tabIndex={-1}
      rightSection={<IconLock size={16} aria-hidden />}
      styles={{ input: { cursor: 'default', color: 'var(--mantine-color-dimmed)' } }}
    />
  );
}

function SaveError({ text }: { text: string }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    alert.current?.focus();
    alert.current?.scrollIntoView({ block: 'center' });
  }, [text]);
  return (
    <Alert color="red" role="alert" ref={alert} tabIndex={-1}>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Alert>
  );
}

function StakingWalletBlock({ me }: { me: Me }) {
  const { t } = useLingui();
  const tenant = useTenant();
  const actor = StakingWalletContext.useActorRef();
  const busy = StakingWalletContext.useSelector(selectWalletBusy);
  const error = StakingWalletContext.useSelector(selectWalletError);
  const wallet = useQuery(stakingWalletQueryOptions(tenant.uuid, me.uuid));
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const saved = wallet.data?.moduleStakingWallet?.wallet_address;
    if (saved) setAddress(saved);
  }, [wallet.data]);
  const typedSomething = address.trim() !== '';
  // The flow decides whether the address can be saved; the view only shows it.
  const valid = StakingWalletContext.useSelector(selectCanSave(address));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="staking-title">
      <Title order={2} size="h4" id="staking-title" mb="md">
        <Trans>Staking wallet</Trans>
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (valid) actor.send({ type: 'wallet.submit', address });
        }}
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {appErrorText(error)}
            </Alert>
          )}
          <TextInput
            label={t`Wallet address`}
            placeholder="0x…"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            // Optional: passing through it empty says nothing; an address that is not one says so.
            error={touched && typedSomething && !valid ? t`This address is not valid.` : undefined}
            disabled={wallet.isPending}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!valid}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SponsorBlock() {
  const { t } = useLingui();
  const sponsor = useQuery(sponsorQueryOptions()).data?.affSponsor;
  if (!sponsor) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sponsor-title">
      <Title order={2} size="h4" id="sponsor-title" mb="md">
        <Trans>My sponsor</Trans>
      </Title>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={sponsor.avatar} alt="" radius="xl" size={48} />
        <Stack gap={2}>
          <Text fw={600}>{sponsor.name}</Text>
          {sponsor.email && <Text size="sm">{t`Email: ${sponsor.email}`}</Text>}
          {sponsor.telegram && <Text size="sm">{t`Telegram: ${sponsor.telegram}`}</Text>}
          {sponsor.phone && <Text size="sm">{t`Phone: ${sponsor.phone}`}</Text>}
        </Stack>
      </Group>
    </Card>
  );
}

function ReferralLinkBlock({ link }: { link: string }) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="referral-title">
      <Title order={2} size="h4" id="referral-title" mb="md">
        <Trans>Referral link</Trans>
      </Title>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="referral-link">
          {link}
        </Text>
        <CopyIconButton value={link} label={t`Copy referral link`} />
      </Group>
      <Group mt="xs">
        <CopyLink value={link}>
          <Trans>Copy the link</Trans>
        </CopyLink>
      </Group>
    </Card>
  );
}

export interface ProfileViewProps {
  profile: Flow<typeof profileMachine>;
  avatar: Flow<typeof avatarMachine>;
  stakingWallet: Flow<typeof stakingWalletMachine> | null;
}

export function ProfileView({ profile, avatar, stakingWallet }: ProfileViewProps) {
  const me = useMember();
  const { whiteLabel } = useTenant();
  const link = referralLink(whiteLabel, me);
  return (
    <Stack gap="lg">
      <AccountNav />
      <ProfileContext.Provider logic={profile.logic} options={profile.options}>
        <Card withBorder padding="lg" component="section">
          <Stack gap="lg">
            <AvatarFlow avatar={avatar} current={me.avatar ?? null} />
            <ProfileForm me={me} />
          </Stack>
        </Card>
      </ProfileContext.Provider>
      {stakingWallet && (
        <StakingWalletContext.Provider logic={stakingWallet.logic} options={stakingWallet.options}>
          <StakingWalletBlock me={me} />
        </StakingWalletContext.Provider>
      )}
      {whiteLabel.show_sponsor_profile && <SponsorBlock />}
      {link && <ReferralLinkBlock link={link} />}
    </Stack>
  );
}

function AvatarFlow({ avatar, current }: { avatar: Flow<typeof avatarMachine>; current: string | null }) {
  return (
    <AvatarContext.Provider logic={avatar.logic} options={avatar.options}>
      <AvatarToProfile />
      <AvatarPicker current={current} />
    </AvatarContext.Provider>
  );
}

/** The avatar flow announces its 150×150 result; the profile flow takes it and saves it with the profile. */
function AvatarToProfile() {
  const avatar = AvatarContext.useActorRef();
  const profile = ProfileContext.useActorRef();
  useEffect(() => {
    const subscription = avatar.on('avatar.cropped', ({ dataUrl }) => profile.send({ type: 'avatar.set', dataUrl }));
    return () => subscription.unsubscribe();
  }, [avatar, profile]);
  return null;
}
