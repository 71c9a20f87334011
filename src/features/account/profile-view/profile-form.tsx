// The profile's fields (spec §2 "Profile", §5 "Profile"): name (when editable), email (read-only, hidden for
// auto-registered members), phone, telegram, language (it switches at once), theme, support code and
// reference id. The form checks its fields; the profile flow saves them and reloads the page.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Me } from '../../../api/account';
import { profileSchema, profileLanguages, type ProfileValues } from '../../../../machines/account/profile.schema';
import {
  selectBusy as selectProfileBusy,
  selectError as selectProfileError,
  selectSwitchingTo,
} from '../../../../machines/account/profile.selectors';
import { appErrorText } from '../../../lib/app-error-text';
import { fieldErrorText } from '../../../lib/field-errors';
import { isLocale, localeNames } from '../../../lib/i18n';
import { hasInput, useBusyWhile } from '../../../lib/activity';
import { useTenant } from '../../../lib/tenant-context';
import { focusFirstError } from '../../../lib/form-focus';
import { ProfileContext } from '../account.contexts';
import { useFormDraft } from '../../../lib/form-drafts';
import { ThemeChoice } from './theme-choice';

export function ProfileForm({ me }: { me: Me }) {
  const { t, i18n } = useLingui();
  const tenant = useTenant();
  const actor = ProfileContext.useActorRef();
  const busy = ProfileContext.useSelector(selectProfileBusy);
  const error = ProfileContext.useSelector(selectProfileError);
  const switchingTo = ProfileContext.useSelector(selectSwitchingTo);
  const allowEditName = tenant.whiteLabel.allow_edit_name;
  const [typed, setTyped] = useState(false);
  useBusyWhile('profile-form', typed);
  // What the member typed and did not save comes back after an expired session (never the support code).
  const drafts = useFormDraft<Pick<ProfileValues, 'name' | 'phone' | 'telegram'>>('profile', me.uuid);
  const initial: ProfileValues = {
    name: (allowEditName ? drafts.draft?.name : undefined) ?? me.name,
    phone: drafts.draft?.phone ?? me.phone ?? '',
    telegram: drafts.draft?.telegram ?? me.telegram ?? '',
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
    onValuesChange: (values) => {
      setTyped(hasInput({ ...values, language: '' }) && form.isDirty());
      if (form.isDirty()) drafts.save({ name: values.name, phone: values.phone, telegram: values.telegram });
    },
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
