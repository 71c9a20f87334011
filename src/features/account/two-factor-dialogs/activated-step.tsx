// Activation done: two-factor is on, and the recovery codes show once; the dialog closes only after the
// member says they are saved.
import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';
import * as activation from '../../../../machines/account/two-factor-activation.selectors';
import { ActivationContext } from '../account.contexts';
import { RecoveryCodesList } from '../recovery-codes-list';
import { ActivationError } from './activation-error';

export function ActivatedStep() {
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
      <ActivationError />
      <Button onClick={() => actor.send({ type: 'dialog.close' })} disabled={!canClose}>
        <Trans>Done</Trans>
      </Button>
    </Stack>
  );
}
