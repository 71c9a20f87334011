import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { newPasswordSchema, type NewPasswordValues } from '../../../machines/auth/password-reset.schema';
import { selectBusy, selectError, selectOutcome } from '../../../machines/auth/new-password.selectors';
import { appErrorText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { NewPasswordContext } from './auth-links.contexts';
import { RouterAnchor, RouterButton } from '../../components/router-links';
import './field-messages.css';

/** New password: typed twice (required, must match); then on to login. */
export function NewPasswordView() {
  const actor = NewPasswordContext.useActorRef();
  const { t } = useLingui();
  const busy = NewPasswordContext.useSelector(selectBusy);
  const state = NewPasswordContext.useSelector(selectOutcome);
  const error = NewPasswordContext.useSelector(selectError);
  const form = useForm<NewPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmation: '' },
    validate: schemaResolver(newPasswordSchema, { sync: true }),
  });
  const fieldError = (name: keyof NewPasswordValues) => fieldErrorText(form.errors[name] as string | undefined);
  if (state === 'saved') {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>New password</Trans>
        </Title>
        <Alert color="green" role="status">
          <Trans>Your new password is set.</Trans>
        </Alert>
        <RouterButton to="/login">
          <Trans>Log in</Trans>
        </RouterButton>
      </Stack>
    );
  }
  if (state === 'linkInvalid') {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>New password</Trans>
        </Title>
        <Alert color="red" role="alert">
          <Trans>This link is not valid any more. Ask for a new one.</Trans>
        </Alert>
        <RouterAnchor to="/resetpassword">
          <Trans>Ask for a new link</Trans>
        </RouterAnchor>
      </Stack>
    );
  }
  return (
    <form className="reserve-field-messages" noValidate aria-busy={busy} onSubmit={form.onSubmit((values) => actor.send({ type: 'password.submit', ...values }))}>
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>New password</Trans>
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {appErrorText(error)}
          </Alert>
        )}
        <PasswordInput
          label={t`New password`}
          description={t`At least 8 characters with a digit, a lowercase and an uppercase letter.`}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          key={form.key('password')}
          {...form.getInputProps('password')}
          error={fieldError('password')}
        />
        <PasswordInput
          label={t`Repeat the new password`}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          key={form.key('confirmation')}
          {...form.getInputProps('confirmation')}
          error={fieldError('confirmation')}
        />
        <Button type="submit" loading={busy} fullWidth>
          <Trans>Save the new password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
