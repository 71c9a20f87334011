// The login form: email (or phone) and password, then the two-factor code when the server asks for one.
// The login machine decides; this view renders its state and sends it what the member does.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { FormTitle } from './form-title';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertCircle, IconClockExclamation } from '@tabler/icons-react';
import { useLoginFields } from './login-fields';
import {
  selectBusy,
  selectCanGoBack,
  selectCanTypeCode,
  selectCode,
  selectCodeError,
  selectCodeStep,
  selectCodeTimedOut,
  selectFormError,
  selectMethod,
  selectRecoveryStep,
} from '../../../machines/auth/login.selectors';
import { appErrorText, sessionExpiredText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { CodeInput } from '../../components/code-input';
import { hasInput, useBusyWhile } from '../../lib/activity';
import { LoginContext } from './auth.contexts';
import { RouterAnchor } from '../../components/router-links';
import './field-messages.css';

export function LoginView({ notice }: { notice?: 'expired' | 'logout' }) {
  const { t } = useLingui();
  const actor = LoginContext.useActorRef();
  const method = LoginContext.useSelector(selectMethod);
  const busy = LoginContext.useSelector(selectBusy);
  const codeStep = LoginContext.useSelector(selectCodeStep);
  const code = LoginContext.useSelector(selectCode);
  const formError = LoginContext.useSelector(selectFormError);
  const codeError = LoginContext.useSelector(selectCodeError);
  const codeTimedOut = LoginContext.useSelector(selectCodeTimedOut);
  const canTypeCode = LoginContext.useSelector(selectCanTypeCode);
  const canGoBack = LoginContext.useSelector(selectCanGoBack);
  const recoveryStep = LoginContext.useSelector(selectRecoveryStep);
  const [typed, setTyped] = useState(false);
  // A typed form holds off the new-version dialog (a reload would lose it).
  useBusyWhile('login-form', typed);
  const form = useLoginFields(method, (values) => setTyped(hasInput(values)));
  const fieldError = (name: 'username' | 'password') => fieldErrorText(form.errors[name]);

  return (
    <form
      className="reserve-field-messages"
      noValidate
      aria-busy={busy}
      onSubmit={form.onSubmit((values) =>
        actor.send(codeStep ? { type: 'code.submit' } : { type: 'credentials.submit', ...values }),
      )}
    >
      <Stack gap="md">
        <FormTitle>
          <Trans>Log in</Trans>
        </FormTitle>
        {notice === 'expired' && !formError && !codeError && (
          <Alert color="yellow" icon={<IconClockExclamation size={18} />} role="status" data-testid="session-expired">
            {sessionExpiredText()}
          </Alert>
        )}
        {codeTimedOut && (
          <Alert color="yellow" icon={<IconClockExclamation size={18} />} role="status">
            <Trans>The time for the code ran out. Log in again.</Trans>
          </Alert>
        )}
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {appErrorText(formError, { onLogin: true })}
            </Text>
          </Alert>
        )}
        {method === 'phone' ? (
          <TextInput
            label={t`Phone number`}
            description={t`11 digits, no spaces`}
            inputMode="numeric"
            autoComplete="tel"
            required
            readOnly={codeStep}
            {...form.inputProps('username')}
            error={fieldError('username')}
          />
        ) : (
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="username"
            required
            readOnly={codeStep}
            {...form.inputProps('username')}
            error={fieldError('username')}
          />
        )}
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          required
          readOnly={codeStep}
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          {...form.inputProps('password')}
          error={fieldError('password')}
        />
        {codeStep ? (
          <>
            {recoveryStep ? (
              <TextInput
                label={t`Recovery code`}
                description={t`One of the codes you saved when you turned two-factor on. It works once.`}
                required
                autoFocus
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => actor.send({ type: 'code.change', code: event.currentTarget.value })}
                disabled={!canTypeCode}
                error={codeError ? appErrorText(codeError) : undefined}
              />
            ) : (
              <CodeInput
                label={t`Two-factor code`}
                description={t`Enter the 6-digit code from your authenticator app.`}
                required
                autoFocus
                value={code}
                onChange={(next) => actor.send({ type: 'code.change', code: next })}
                disabled={!canTypeCode}
                error={codeError ? appErrorText(codeError) : undefined}
              />
            )}
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              disabled={busy}
              onClick={() => actor.send({ type: recoveryStep ? 'recovery.cancel' : 'recovery.use' })}
            >
              {recoveryStep ? <Trans>Use a code from the app</Trans> : <Trans>Lost your phone? Use a recovery code</Trans>}
            </Anchor>
            <Group grow>
              <Button variant="default" onClick={() => actor.send({ type: 'code.cancel' })} disabled={!canGoBack}>
                <Trans>Back</Trans>
              </Button>
              <Button type="submit" loading={busy}>
                <Trans>Confirm</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Group justify="space-between">
              <RouterAnchor to="/resetpassword" size="sm">
                <Trans>Forgot your password?</Trans>
              </RouterAnchor>
              {method === 'phone' ? (
                <RouterAnchor to="/login" size="sm">
                  <Trans>Log in with email</Trans>
                </RouterAnchor>
              ) : (
                <RouterAnchor to="/login" hash="phone" size="sm">
                  <Trans>Log in with phone</Trans>
                </RouterAnchor>
              )}
            </Group>
            <Button type="submit" loading={busy} fullWidth>
              <Trans>Log in</Trans>
            </Button>
          </>
        )}
        <Text size="sm" ta="center">
          <Trans>
            No account yet?{' '}
            <RouterAnchor to="/register/{-$id}" params={{ id: undefined }}>
              Register
            </RouterAnchor>
          </Trans>
        </Text>
      </Stack>
    </form>
  );
}
