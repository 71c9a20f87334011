import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { resetRequestSchema } from '../../../machines/auth/password-reset.schema';
import { selectBusy, selectEmail, selectError, selectSent } from '../../../machines/auth/reset-request.selectors';
import { appErrorText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { ResetRequestContext } from './auth-links.contexts';
import { RouterAnchor } from '../../components/router-links';
import './field-messages.css';

/** Reset password: the account's email, then word that a link is on its way. */
export function ResetPasswordView() {
  const actor = ResetRequestContext.useActorRef();
  const { t } = useLingui();
  const busy = ResetRequestContext.useSelector(selectBusy);
  const sent = ResetRequestContext.useSelector(selectSent);
  const email = ResetRequestContext.useSelector(selectEmail);
  const error = ResetRequestContext.useSelector(selectError);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email },
    validate: schemaResolver(resetRequestSchema, { sync: true }),
  });
  if (sent) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>Check your email</Trans>
        </Title>
        <Alert color="green" role="status">
          <Trans>If an account uses {email}, a link to set a new password is on its way. It works for 10 minutes.</Trans>
        </Alert>
        <Anchor component="button" type="button" onClick={() => actor.send({ type: 'reset.again' })}>
          <Trans>Use another email</Trans>
        </Anchor>
        <RouterAnchor to="/login">
          <Trans>Back to login</Trans>
        </RouterAnchor>
      </Stack>
    );
  }
  return (
    <form className="reserve-field-messages" noValidate aria-busy={busy} onSubmit={form.onSubmit(({ email: value }) => actor.send({ type: 'reset.submit', email: value }))}>
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>Reset password</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Give the email of your account and we will send you a link to set a new password.</Trans>
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {appErrorText(error)}
          </Alert>
        )}
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
          error={fieldErrorText(form.errors.email as string | undefined)}
        />
        <Button type="submit" loading={busy} fullWidth>
          <Trans>Send the link</Trans>
        </Button>
        <RouterAnchor to="/login" size="sm">
          <Trans>Back to login</Trans>
        </RouterAnchor>
      </Stack>
    </form>
  );
}
