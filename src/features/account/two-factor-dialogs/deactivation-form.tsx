// Turning two-factor off: the code mailed on request with a code from the app, or a recovery code instead
// when the phone is lost. A refused code shows under its field; anything else above the form.
import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as deactivation from '../../../../machines/account/two-factor-deactivation.selectors';
import { clockOf } from '../../../lib/clock';
import { appErrorText } from '../../../lib/app-error-text';
import { CodeInput } from '../../../components/code-input';
import { DeactivationContext } from '../account.contexts';
import { EmailCodeButton } from './email-code-button';

function DeactivationEmailCodeButton() {
  const actor = DeactivationContext.useActorRef();
  const deadline = DeactivationContext.useSelector(deactivation.selectEmailCodeDeadline);
  const sending = DeactivationContext.useSelector(deactivation.selectSendingEmailCode);
  return <EmailCodeButton deadline={deadline} sending={sending} clock={clockOf(actor)} onSend={() => actor.send({ type: 'emailCode.send' })} />;
}

export function DeactivationForm() {
  const { t } = useLingui();
  const actor = DeactivationContext.useActorRef();
  const busy = DeactivationContext.useSelector(deactivation.selectBusy);
  const emailCode = DeactivationContext.useSelector(deactivation.selectEmailCode);
  const code = DeactivationContext.useSelector(deactivation.selectCode);
  const useRecovery = DeactivationContext.useSelector(deactivation.selectUseRecovery);
  const recoveryCode = DeactivationContext.useSelector(deactivation.selectRecoveryCode);
  const error = DeactivationContext.useSelector(deactivation.selectError);
  const deadline = DeactivationContext.useSelector(deactivation.selectEmailCodeDeadline);
  const emailCodeField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (deadline !== null) emailCodeField.current?.focus();
  }, [deadline]);
  // A refused code shows under its field (the server's fields say which); anything else above the form.
  const fieldError = (field: string) => (error && (error.fields?.[field] || error.code === 'invalidCode') ? appErrorText(error) : undefined);
  const formError = error && !error.fields && error.code !== 'invalidCode' ? appErrorText(error) : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'deactivation.submit' });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans>To turn two-factor authentication off, confirm with the code we email you and a code from the app.</Trans>
        </Text>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group align="flex-end" wrap="wrap">
          <CodeInput
            ref={emailCodeField}
            label={t`Code from the email`}
            required
            data-autofocus
            value={emailCode}
            onChange={(next) => actor.send({ type: 'emailCode.change', code: next })}
            error={fieldError('email_verification_code')}
            style={{ flex: '1 1 12rem' }}
          />
          <DeactivationEmailCodeButton />
        </Group>
        {useRecovery ? (
          <TextInput
            label={t`Recovery code`}
            description={t`One of the codes you saved when you turned two-factor on.`}
            required
            autoComplete="one-time-code"
            value={recoveryCode}
            onChange={(event) => actor.send({ type: 'recovery.change', code: event.currentTarget.value })}
            error={fieldError('recovery_code')}
          />
        ) : (
          <CodeInput
            label={t`Code from the authenticator app`}
            required
            value={code}
            onChange={(next) => actor.send({ type: 'authCode.change', code: next })}
            error={fieldError('twofa_verification_code')}
          />
        )}
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => actor.send({ type: 'recovery.toggle', use: !useRecovery })}>
          {useRecovery ? <Trans>Use a code from the app</Trans> : <Trans>Lost your phone? Use a recovery code</Trans>}
        </Anchor>
        <Button type="submit" color="red" loading={busy}>
          <Trans>Turn off</Trans>
        </Button>
      </Stack>
    </form>
  );
}
