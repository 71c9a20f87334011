// Activation step 3: the code mailed on request and a code from the authenticator app; Activate sends both.
import { useEffect, useRef } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as activation from '../../../../machines/account/two-factor-activation.selectors';
import { clockOf } from '../../../lib/clock';
import { appErrorText } from '../../../lib/app-error-text';
import { CodeInput } from '../../../components/code-input';
import { ActivationContext } from '../account.contexts';
import { ActivationError } from './activation-error';
import { EmailCodeButton } from './email-code-button';
import { StepHeading } from './step-heading';

function ActivationEmailCodeButton() {
  const actor = ActivationContext.useActorRef();
  const deadline = ActivationContext.useSelector(activation.selectEmailCodeDeadline);
  const sending = ActivationContext.useSelector(activation.selectSendingEmailCode);
  return <EmailCodeButton deadline={deadline} sending={sending} clock={clockOf(actor)} onSend={() => actor.send({ type: 'emailCode.send' })} />;
}

export function CodesStep() {
  const { t } = useLingui();
  const actor = ActivationContext.useActorRef();
  const emailCode = ActivationContext.useSelector(activation.selectEmailCode);
  const authCode = ActivationContext.useSelector(activation.selectAuthCode);
  const busy = ActivationContext.useSelector(activation.selectBusy);
  const error = ActivationContext.useSelector(activation.selectError);
  // Once the email code is on its way, the member types it: the field takes the focus (the button that was
  // pressed turns into the disabled countdown).
  const emailCodeField = useRef<HTMLInputElement>(null);
  const deadline = ActivationContext.useSelector(activation.selectEmailCodeDeadline);
  useEffect(() => {
    if (deadline !== null) emailCodeField.current?.focus();
  }, [deadline]);
  // A code the server refused shows under its field; an incomplete one under both.
  const fieldError = (field: string) => {
    if (!error) return undefined;
    return error.fields?.[field] || error.code === 'invalidCode' ? appErrorText(error) : undefined;
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'activation.submit' });
      }}
    >
      <Stack gap="md">
        <StepHeading step={3}>
          <Trans>Step 3 of 3: confirm with two codes</Trans>
        </StepHeading>
        {error && !error.fields && error.code !== 'invalidCode' && <ActivationError />}
        <Group align="flex-end" wrap="wrap">
          <CodeInput
            ref={emailCodeField}
            label={t`Code from the email`}
            required
            value={emailCode}
            onChange={(code) => actor.send({ type: 'emailCode.change', code })}
            error={fieldError('email_verification_code')}
            style={{ flex: '1 1 12rem' }}
          />
          <ActivationEmailCodeButton />
        </Group>
        <CodeInput
          label={t`Code from the authenticator app`}
          required
          value={authCode}
          onChange={(code) => actor.send({ type: 'authCode.change', code })}
          error={fieldError('twofa_verification_code')}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={() => actor.send({ type: 'step.back' })} disabled={busy}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            <Trans>Activate</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
