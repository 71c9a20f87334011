// Activation step 2: the QR code and the key for the authenticator app; the member confirms the key is saved.
import { Button, Checkbox, Code, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as activation from '../../../../machines/account/two-factor-activation.selectors';
import { CopyIconButton } from '../../../components/copy-hint';
import { QrCode } from '../../../components/qr-code';
import { ActivationContext } from '../account.contexts';
import { StepHeading } from './step-heading';

/** The otpauth URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: { secret: string; name: string; email: string }): string {
  const label = encodeURIComponent(`${secret.name}:${secret.email}`);
  return `otpauth://totp/${label}?secret=${secret.secret}&issuer=${encodeURIComponent(secret.name)}&algorithm=SHA1&digits=6&period=30`;
}

export function SecretStep() {
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
