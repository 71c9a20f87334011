// The two-factor dialogs (spec §2 "Security", §4 "Two-factor activation"): activation in three steps, and
// deactivation. Each renders its flow's state and sends it what the member does.
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Button, Checkbox, Code, Group, Modal, Radio, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';
import * as activation from '../../../machines/account/two-factor-activation.selectors';
import * as deactivation from '../../../machines/account/two-factor-deactivation.selectors';
import * as recovery from '../../../machines/account/recovery-codes.selectors';
import { clockOf, type ReadableClock } from '../../lib/clock';
import { RecoveryCodesList } from './recovery-codes-list';
import { appErrorText } from '../../lib/app-error-text';
import { useOverlay } from '../../lib/overlays';
import { CodeInput } from '../../components/code-input';
import { CopyIconButton } from '../../components/copy-hint';
import { QrCode } from '../../components/qr-code';
import { Countdown } from '../../components/countdown';
import { dialogWidth } from '../../../domain/limits';
import { ActivationContext, DeactivationContext, RecoveryCodesContext } from './account.contexts';

export const authenticatorApps = {
  appStore: 'https://apps.apple.com/app/google-authenticator/id388497605',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
};

/** The otpauth URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: { secret: string; name: string; email: string }): string {
  const label = encodeURIComponent(`${secret.name}:${secret.email}`);
  return `otpauth://totp/${label}?secret=${secret.secret}&issuer=${encodeURIComponent(secret.name)}&algorithm=SHA1&digits=6&period=30`;
}

/**
 * The heading of a step takes the focus when the step appears, so keyboard and screen-reader users land on
 * the new step instead of the page behind the dialog.
 */
function StepHeading({ step, children }: { step: number; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Title
      order={3}
      size="h5"
      ref={heading}
      tabIndex={-1}
      // The dialog's own focus trap starts here too, on the first step.
      data-autofocus
      style={{ outline: 'none' }}
      data-testid={`twofa-step-${step}`}
    >
      {children}
    </Title>
  );
}

function ErrorLine() {
  const error = ActivationContext.useSelector(activation.selectError);
  return error ? (
    <Alert color="red" role="alert">
      {appErrorText(error)}
    </Alert>
  ) : null;
}

function MethodStep() {
  const actor = ActivationContext.useActorRef();
  const busy = ActivationContext.useSelector(activation.selectBusy);
  return (
    <Stack gap="md">
      <StepHeading step={1}>
        <Trans>Step 1 of 3: choose the method</Trans>
      </StepHeading>
      <ErrorLine />
      <Radio.Group value="google2fa" label={<Trans>Method</Trans>}>
        <Radio value="google2fa" label={<Trans>Google Authenticator</Trans>} mt="xs" />
      </Radio.Group>
      <Text size="sm">
        <Trans>
          Install the app from the{' '}
          <Anchor href={authenticatorApps.appStore} target="_blank" rel="noopener noreferrer">
            App Store
          </Anchor>{' '}
          or{' '}
          <Anchor href={authenticatorApps.googlePlay} target="_blank" rel="noopener noreferrer">
            Google Play
          </Anchor>
          .
        </Trans>
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => actor.send({ type: 'method.continue' })} loading={busy}>
          <Trans>Continue</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function SecretStep() {
  const { t } = useLingui();
  const actor = ActivationContext.useActorRef();
  const secret = ActivationContext.useSelector(activation.selectSecret);
  const saved = ActivationContext.useSelector(activation.selectBackupSaved);
  const canContinue = ActivationContext.useSelector(activation.selectCanContinue);
  if (!secret) return null;
  return (
    <Stack gap="md" align="stretch">
      <StepHeading step={2}>
        <Trans>Step 2 of 3: save the key</Trans>
      </StepHeading>
      <Text size="sm">
        <Trans>Scan the QR code with the authenticator app, or type the key into it.</Trans>
      </Text>
      <Group justify="center">
        <QrCode value={otpauthUri(secret)} label={t`QR code to add ${secret.name} to your authenticator app`} />
      </Group>
      <Group gap="xs" justify="center" wrap="nowrap">
        <Code fz="md" data-testid="twofa-secret">
          {secret.secret}
        </Code>
        <CopyIconButton value={secret.secret} label={t`Copy the key`} />
      </Group>
      <Checkbox
        checked={saved}
        onChange={(event) => actor.send({ type: 'backup.toggle', saved: event.currentTarget.checked })}
        label={t`I have saved the key in a safe place`}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={() => actor.send({ type: 'step.back' })}>
          <Trans>Back</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'step.continue' })} disabled={!canContinue}>
          <Trans>Continue</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** Sends the email code; after sending it waits 60 s, counting down on the flow's own clock. */
function EmailCodeButton({ deadline, sending, clock, onSend }: { deadline: number | null; sending: boolean; clock: ReadableClock; onSend: () => void }) {
  if (deadline !== null) {
    return (
      <Countdown
        deadline={deadline}
        clock={clock}
        render={(left) => (
          <Button variant="light" disabled>
            <Trans>Send again in {left}</Trans>
          </Button>
        )}
      />
    );
  }
  return (
    <Button variant="light" loading={sending} onClick={onSend}>
      <Trans>Send the email code</Trans>
    </Button>
  );
}

function ActivationEmailCodeButton() {
  const actor = ActivationContext.useActorRef();
  const deadline = ActivationContext.useSelector(activation.selectEmailCodeDeadline);
  const sending = ActivationContext.useSelector(activation.selectSendingEmailCode);
  return <EmailCodeButton deadline={deadline} sending={sending} clock={clockOf(actor)} onSend={() => actor.send({ type: 'emailCode.send' })} />;
}

function CodesStep() {
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
        {error && !error.fields && error.code !== 'invalidCode' && <ErrorLine />}
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

/** A dialog a flow runs: open until the flow is done, then it tells the page once. */
function FlowModal({ closed, onClose, onClosed, title, children }: {
  closed: boolean;
  onClose: () => void;
  onClosed: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  useOverlay(!closed);
  useEffect(() => {
    if (closed) onClosed();
  }, [closed, onClosed]);
  return (
    <Modal opened={!closed} onClose={onClose} title={title} size={dialogWidth.default} closeButtonProps={{ 'aria-label': t`Close` }}>
      {children}
    </Modal>
  );
}

/** On: the recovery codes show once, and the dialog closes only after the member says they are saved. */
function ActivatedStep() {
  const actor = ActivationContext.useActorRef();
  const codes = ActivationContext.useSelector(activation.selectRecoveryCodes);
  const saved = ActivationContext.useSelector(activation.selectRecoverySaved);
  const canClose = ActivationContext.useSelector(activation.selectCanClose);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <IconCircleCheck size={40} color="var(--mantine-color-green-7)" aria-hidden />
        <Text role="status">
          <Trans>Two-factor authentication is on. From now on you sign in with a code from the app.</Trans>
        </Text>
      </Group>
      <RecoveryCodesList codes={codes} saved={saved} onSavedChange={(next) => actor.send({ type: 'recovery.saved', saved: next })} />
      <ErrorLine />
      <Button onClick={() => actor.send({ type: 'dialog.close' })} disabled={!canClose}>
        <Trans>Done</Trans>
      </Button>
    </Stack>
  );
}

export function ActivationDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useLingui();
  const actor = ActivationContext.useActorRef();
  const step = ActivationContext.useSelector(activation.selectStep);
  const closed = ActivationContext.useSelector(activation.selectClosed);
  return (
    <FlowModal
      closed={closed}
      onClose={() => actor.send({ type: 'dialog.close' })}
      onClosed={onClosed}
      title={t`Turn on two-factor authentication`}
    >
      {/* Long step names (uk, ru, es) wrap under their icons instead of running out of a phone's dialog. */}
      <Stepper
        active={step - 1}
        size="xs"
        mb="lg"
        allowNextStepsSelect={false}
        styles={{ stepLabel: { whiteSpace: 'normal', overflowWrap: 'anywhere' }, step: { minWidth: 0 }, separator: { minWidth: 8 } }}
      >
        <Stepper.Step label={t`Method`} />
        <Stepper.Step label={t`Key`} />
        <Stepper.Step label={t`Codes`} />
      </Stepper>
      {step === 1 && <MethodStep />}
      {step === 2 && <SecretStep />}
      {step === 3 && <CodesStep />}
      {step === 4 && <ActivatedStep />}
    </FlowModal>
  );
}

function DeactivationEmailCodeButton() {
  const actor = DeactivationContext.useActorRef();
  const deadline = DeactivationContext.useSelector(deactivation.selectEmailCodeDeadline);
  const sending = DeactivationContext.useSelector(deactivation.selectSendingEmailCode);
  return <EmailCodeButton deadline={deadline} sending={sending} clock={clockOf(actor)} onSend={() => actor.send({ type: 'emailCode.send' })} />;
}

function DeactivationForm() {
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

export function DeactivationDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useLingui();
  const actor = DeactivationContext.useActorRef();
  const closed = DeactivationContext.useSelector(deactivation.selectClosed);
  const done = DeactivationContext.useSelector(deactivation.selectDone);
  return (
    <FlowModal
      closed={closed}
      onClose={() => actor.send({ type: 'dialog.close' })}
      onClosed={onClosed}
      title={t`Turn off two-factor authentication`}
    >
      {done ? (
        <Stack gap="md" align="center" ta="center">
          <Text role="status">
            <Trans>Two-factor authentication is off.</Trans>
          </Text>
          {/* The success replaces the form inside the open dialog: focus moves to Close for keyboard users. */}
          <Button onClick={() => actor.send({ type: 'dialog.close' })} autoFocus>
            <Trans>Close</Trans>
          </Button>
        </Stack>
      ) : (
        <DeactivationForm />
      )}
    </FlowModal>
  );
}

/** New recovery codes for a current code from the app; the old ones stop working. */
export function RecoveryCodesDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useLingui();
  const actor = RecoveryCodesContext.useActorRef();
  const closed = RecoveryCodesContext.useSelector(recovery.selectClosed);
  const busy = RecoveryCodesContext.useSelector(recovery.selectBusy);
  const code = RecoveryCodesContext.useSelector(recovery.selectCode);
  const error = RecoveryCodesContext.useSelector(recovery.selectError);
  const codes = RecoveryCodesContext.useSelector(recovery.selectCodes);
  const saved = RecoveryCodesContext.useSelector(recovery.selectSaved);
  const canClose = RecoveryCodesContext.useSelector(recovery.selectCanClose);
  return (
    <FlowModal closed={closed} onClose={() => actor.send({ type: 'dialog.close' })} onClosed={onClosed} title={t`New recovery codes`}>
      {codes.length ? (
        <Stack gap="md">
          <Text role="status">
            <Trans>Your new recovery codes are ready. The old ones no longer work.</Trans>
          </Text>
          <RecoveryCodesList codes={codes} saved={saved} onSavedChange={(next) => actor.send({ type: 'codes.saved', saved: next })} />
          <Button onClick={() => actor.send({ type: 'dialog.close' })} disabled={!canClose}>
            <Trans>Done</Trans>
          </Button>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'codes.request' });
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              <Trans>Enter a code from the app to make 10 new recovery codes. The codes you have now will stop working.</Trans>
            </Text>
            <CodeInput
              label={t`Code from the authenticator app`}
              required
              data-autofocus
              value={code}
              onChange={(next) => actor.send({ type: 'authCode.change', code: next })}
              error={error ? appErrorText(error) : undefined}
            />
            <Button type="submit" loading={busy}>
              <Trans>Make new codes</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </FlowModal>
  );
}
