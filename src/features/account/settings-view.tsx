// Profile (spec §2 "Profile", §5 "Profile", "Avatar", "Staking wallet address", §6): avatar with cropper,
// name (when editable), email (read-only, hidden for auto-registered members), phone, telegram, language,
// theme (when allowed), support code, reference id; the staking wallet, the sponsor and the referral link.
import { lazy, Suspense, useEffect, useState } from 'react';
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
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MeQuery } from '../../api/generated/graphql';
import { sponsorQueryOptions, stakingWalletQueryOptions } from '../../api/account';
import { profileSchema, profileLanguages, type ProfileValues } from '../../../machines/profile/profile.schema';
import type { profileMachine } from '../../../machines/profile/profile.machine';
import type { avatarMachine } from '../../../machines/profile/avatar.machine';
import type { stakingWalletMachine } from '../../../machines/staking-wallet/staking-wallet.machine';
import { appErrorText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { isLocale, localeNames } from '../../lib/i18n';
import { hasInput, useBusyWhile } from '../../lib/activity';
import { useTenant } from '../../lib/tenant-context';
import { CopyIconButton, CopyLink } from '../../components/copy-hint';
import { AvatarContext, ProfileContext, StakingWalletContext } from './settings-contexts';
import type { Flow } from './security-view';

type Me = NonNullable<MeQuery['me']>;

const loadCropper = () => import('./avatar-cropper');
const AvatarCropper = lazy(loadCropper);

function AvatarPicker({ current }: { current: string | null }) {
  const { t } = useLingui();
  const avatar = AvatarContext.useActorRef();
  const profile = ProfileContext.useActorRef();
  const pending = ProfileContext.useSelector((s) => s.context.avatar);
  const cropping = AvatarContext.useSelector((s) => s.hasTag('cropper'));
  return (
    <Group gap="md">
      <Avatar src={pending ?? current} size={72} radius="xl" alt={t`Your photo`} />
      <FileButton accept="image/png,image/jpeg" onChange={(file) => file && avatar.send({ type: 'file.choose', file })}>
        {(props) => (
          <Button variant="light" leftSection={<IconUpload size={16} />} onPointerEnter={loadCropper} onFocus={loadCropper} {...props}>
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
  if (!tenant?.whiteLabel.design?.allow_theme_switch) return null;
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
  const busy = ProfileContext.useSelector((s) => s.hasTag('busy'));
  const error = ProfileContext.useSelector((s) => s.context.error);
  const switchingTo = ProfileContext.useSelector((s) => s.context.language);
  const allowEditName = tenant?.whiteLabel.allow_edit_name ?? false;
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
    <form noValidate aria-busy={busy} onSubmit={form.onSubmit((values) => actor.send({ type: 'profile.submit', values }))}>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {appErrorText(error)}
            </Text>
          </Alert>
        )}
        <TextInput
          label={t`Name`}
          required
          disabled={!allowEditName}
          description={allowEditName ? undefined : t`Your name cannot be changed here.`}
          key={form.key('name')}
          {...form.getInputProps('name')}
          error={fieldError('name')}
        />
        {!me.auto_register && <TextInput label={t`Email`} value={me.obfuscated_email ?? ''} readOnly />}
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
        <TextInput label={t`Telegram`} key={form.key('telegram')} {...form.getInputProps('telegram')} error={fieldError('telegram')} />
        <NativeSelect
          label={t`Language`}
          data={profileLanguages.map((locale) => ({ value: locale, label: localeNames[locale] }))}
          // Shows the language being switched to, and the saved one again when the switch failed.
          value={switchingTo ?? initial.language}
          onChange={(event) => actor.send({ type: 'language.change', language: event.currentTarget.value as ProfileValues['language'] })}
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
        <TextInput label={t`Reference id`} value={me.reference_id ?? ''} readOnly />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StakingWalletBlock({ me }: { me: Me }) {
  const { t } = useLingui();
  const tenant = useTenant();
  const actor = StakingWalletContext.useActorRef();
  const busy = StakingWalletContext.useSelector((s) => s.hasTag('busy'));
  const error = StakingWalletContext.useSelector((s) => s.context.error);
  const wallet = useQuery({ ...stakingWalletQueryOptions(tenant?.uuid ?? '', me.uuid), enabled: Boolean(tenant) });
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const saved = wallet.data?.moduleStakingWallet?.wallet_address;
    if (saved) setAddress(saved);
  }, [wallet.data]);
  const typedSomething = address.trim() !== '';
  // The flow decides whether the address can be saved; the view only shows it.
  const valid = StakingWalletContext.useSelector((s) => s.can({ type: 'wallet.submit', address }));
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
            error={touched && !valid ? (typedSomething ? t`This address is not valid.` : fieldErrorText('required')) : undefined}
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

export interface SettingsViewProps {
  me: Me;
  referralLink: string | null;
  showSponsor: boolean;
  profile: Flow<typeof profileMachine>;
  avatar: Flow<typeof avatarMachine>;
  stakingWallet: Flow<typeof stakingWalletMachine> | null;
}

export function SettingsView({ me, referralLink, showSponsor, profile, avatar, stakingWallet }: SettingsViewProps) {
  return (
    <Stack gap="lg">
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
      {showSponsor && <SponsorBlock />}
      {referralLink && <ReferralLinkBlock link={referralLink} />}
    </Stack>
  );
}

/** The avatar flow hands its 150×150 result to the profile flow, which saves it with the profile. */
function AvatarFlow({ avatar, current }: { avatar: Flow<typeof avatarMachine>; current: string | null }) {
  const profile = ProfileContext.useActorRef();
  const [logic] = useState(() =>
    avatar.logic.provide({ actions: { useAvatar: (_, { dataUrl }) => profile.send({ type: 'avatar.set', dataUrl }) } }),
  );
  return (
    <AvatarContext.Provider logic={logic} options={avatar.options}>
      <AvatarPicker current={current} />
    </AvatarContext.Provider>
  );
}
