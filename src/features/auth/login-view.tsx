// The login form: email and password; a session-expired notice when the URL says so. The login machine
// decides; this view renders its state and sends it the form.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertCircle, IconClockExclamation } from '@tabler/icons-react';
import { emailLoginSchema, type EmailLoginValues } from '../../../machines/login/login.schema';
import { appErrorText, sessionExpiredText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { LoginContext } from './login-context';

export function LoginView({ notice }: { notice?: 'expired' | 'logout' }) {
  const { t } = useLingui();
  const actor = LoginContext.useActorRef();
  const busy = LoginContext.useSelector((snapshot) => snapshot.hasTag('busy'));
  const error = LoginContext.useSelector((snapshot) => snapshot.context.error);
  const form = useForm<EmailLoginValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(emailLoginSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const fieldError = (name: keyof EmailLoginValues) => fieldErrorText(form.errors[name] as string | undefined);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => actor.send({ type: 'credentials.submit', ...values }))}
      aria-busy={busy}
    >
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>Log in</Trans>
        </Title>
        {notice === 'expired' && (
          <Alert color="yellow" icon={<IconClockExclamation size={18} />} role="status" data-testid="session-expired">
            {sessionExpiredText()}
          </Alert>
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {appErrorText(error, { onLogin: true })}
            </Text>
          </Alert>
        )}
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
          error={fieldError('email')}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          key={form.key('password')}
          {...form.getInputProps('password')}
          error={fieldError('password')}
        />
        <Anchor component={Link} to="/resetpassword" size="sm">
          <Trans>Forgot your password?</Trans>
        </Anchor>
        <Button type="submit" loading={busy} fullWidth>
          <Trans>Log in</Trans>
        </Button>
        <Text size="sm" ta="center">
          <Trans>
            No account yet?{' '}
            <Anchor component={Link} to="/register">
              Register
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </form>
  );
}
