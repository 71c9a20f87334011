// Registration: step 1 the form (fields shaped by the tenant's rules), step 2 the 6-digit email code with
// a resend countdown and a way to log in instead. The registration machine decides; this view renders it.
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { FormTitle } from './form-title';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import {
  emptyRegistration,
  registrationSchema,
  type RegistrationValues,
} from '../../../machines/auth/registration.schema';
import {
  selectBusy,
  selectCanSubmitCode,
  selectCode,
  selectEmail,
  selectError,
  selectResendDeadline,
  selectResending,
  selectRules,
  selectSentValues,
  selectStep,
} from '../../../machines/auth/registration.selectors';
import { clockOf } from '../../lib/clock';
import { appErrorText, referralOnlyText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { useTenant } from '../../lib/tenant-context';
import { CodeInput } from '../../components/code-input';
import { hasInput, useBusyWhile } from '../../lib/activity';
import { Countdown } from '../../components/countdown';
import { RegistrationContext } from './auth-registration.contexts';
import './field-messages.css';

function ErrorAlert() {
  const error = RegistrationContext.useSelector(selectError);
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="registration-error">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {appErrorText(error)}
      </Text>
    </Alert>
  );
}

function LoginInstead() {
  const actor = RegistrationContext.useActorRef();
  return (
    <Text size="sm" ta="center">
      <Trans>
        Already have an account?{' '}
        <Anchor component="button" type="button" onClick={() => actor.send({ type: 'login.choose' })}>
          Log in
        </Anchor>
      </Trans>
    </Text>
  );
}

function RegistrationForm() {
  const { t } = useLingui();
  const tenant = useTenant();
  const actor = RegistrationContext.useActorRef();
  const rules = RegistrationContext.useSelector(selectRules);
  const busy = RegistrationContext.useSelector(selectBusy);
  const sent = RegistrationContext.useSelector(selectSentValues);
  const [typed, setTyped] = useState(sent !== null);
  // A typed form holds off the new-version dialog (a reload would lose it).
  useBusyWhile('registration-form', typed);
  const form = useForm<RegistrationValues>({
    mode: 'uncontrolled',
    // Coming back from step 2 keeps what was typed.
    initialValues: sent ?? emptyRegistration,
    onValuesChange: (values) => setTyped(hasInput(values)),
    validate: schemaResolver(registrationSchema(rules), { sync: true }),
    validateInputOnBlur: true,
  });
  const error = (name: keyof RegistrationValues) => fieldErrorText(form.errors[name] as string | undefined);
  const agreement = tenant.whiteLabel.user_agreement_link;
  const privacy = tenant.whiteLabel.privacy_policy_link;

  return (
    <form
      className="reserve-field-messages"
      noValidate
      aria-busy={busy}
      onSubmit={form.onSubmit((values) => actor.send({ type: 'registration.submit', values }))}
    >
      <Stack gap="md">
        <FormTitle>
          <Trans>Create an account</Trans>
        </FormTitle>
        <ErrorAlert />
        {rules.requireFirstLastName ? (
          <Group grow align="flex-start">
            <TextInput label={t`First name`} autoComplete="given-name" required key={form.key('firstName')} {...form.getInputProps('firstName')} error={error('firstName')} />
            <TextInput label={t`Last name`} autoComplete="family-name" required key={form.key('lastName')} {...form.getInputProps('lastName')} error={error('lastName')} />
          </Group>
        ) : (
          <TextInput label={t`Name`} autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} error={error('name')} />
        )}
        <TextInput label={t`Email`} type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} error={error('email')} />
        {rules.requireTelegram && (
          <TextInput label={t`Telegram`} autoComplete="off" required key={form.key('telegram')} {...form.getInputProps('telegram')} error={error('telegram')} />
        )}
        <PasswordInput
          label={t`Password`}
          description={t`At least 8 characters with a digit, a lowercase and an uppercase letter.`}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          key={form.key('password')}
          {...form.getInputProps('password')}
          error={error('password')}
        />
        {rules.requireConfirmPassword && (
          <PasswordInput
            label={t`Confirm password`}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
            error={error('confirmPassword')}
          />
        )}
        <Checkbox
          key={form.key('terms')}
          {...form.getInputProps('terms', { type: 'checkbox' })}
          error={error('terms')}
          label={
            agreement || privacy ? (
              <Trans>
                I accept the{' '}
                <Anchor href={agreement ?? privacy ?? undefined} target="_blank" rel="noopener noreferrer">
                  terms
                </Anchor>{' '}
                of the service.
              </Trans>
            ) : (
              <Trans>I accept the terms of the service.</Trans>
            )
          }
        />
        <Button type="submit" loading={busy} fullWidth>
          <Trans>Register</Trans>
        </Button>
        <LoginInstead />
      </Stack>
    </form>
  );
}

function ResendButton() {
  const actor = RegistrationContext.useActorRef();
  const deadline = RegistrationContext.useSelector(selectResendDeadline);
  const sending = RegistrationContext.useSelector(selectResending);
  if (deadline !== null) {
    return (
      <Countdown
        deadline={deadline}
        clock={clockOf(actor)}
        render={(left) => (
          <Button variant="subtle" disabled>
            <Trans>Send the code again in {left}</Trans>
          </Button>
        )}
      />
    );
  }
  return (
    <Button variant="subtle" loading={sending} onClick={() => actor.send({ type: 'code.resend' })}>
      <Trans>Send the code again</Trans>
    </Button>
  );
}

function CodeStep() {
  const { t } = useLingui();
  const actor = RegistrationContext.useActorRef();
  const email = RegistrationContext.useSelector(selectEmail);
  const code = RegistrationContext.useSelector(selectCode);
  const busy = RegistrationContext.useSelector(selectBusy);
  const error = RegistrationContext.useSelector(selectError);
  const canSubmit = RegistrationContext.useSelector(selectCanSubmitCode);
  return (
    <form
      className="reserve-field-messages"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'code.submit' });
      }}
    >
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>Confirm your email</Trans>
        </Title>
        <Alert color="blue" icon={<IconMailCheck size={18} />} role="status">
          <Trans>We sent a 6-digit code to {email}. It is valid for 10 minutes.</Trans>
        </Alert>
        <CodeInput
          label={t`Code from the email`}
          required
          autoFocus
          value={code}
          disabled={busy}
          onChange={(next) => actor.send({ type: 'code.change', code: next })}
          error={error ? appErrorText(error) : undefined}
        />
        <Button type="submit" loading={busy} disabled={!canSubmit && !busy} fullWidth>
          <Trans>Confirm</Trans>
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => actor.send({ type: 'registration.edit' })}>
            <Trans>Change the email</Trans>
          </Anchor>
          <ResendButton />
        </Group>
        <LoginInstead />
      </Stack>
    </form>
  );
}

export function RegistrationView() {
  const step = RegistrationContext.useSelector(selectStep);
  if (step === 'referral') {
    return (
      <Stack gap="md">
        <FormTitle>
          <Trans>Create an account</Trans>
        </FormTitle>
        <Alert color="yellow" role="status" data-testid="referral-required">
          {referralOnlyText()}
        </Alert>
        <LoginInstead />
      </Stack>
    );
  }
  if (step === 'code') return <CodeStep />;
  return <RegistrationForm />;
}
