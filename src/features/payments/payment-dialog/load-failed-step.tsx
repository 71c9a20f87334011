// The invoice could not be loaded: why, and try again.
import { Button, Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { usePaymentActor } from '../payments.contexts';
import { Messages } from './messages';

export function LoadFailedStep() {
  const actor = usePaymentActor();
  return (
    <Stack gap="md">
      <Messages />
      <Button onClick={() => actor.send({ type: 'load.retry' })}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}
