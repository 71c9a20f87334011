// The invoice could not be loaded (why is in the notifier): try again.
import { Button, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { usePaymentActor } from '../payments.contexts';

export function LoadFailedStep() {
  const actor = usePaymentActor();
  return (
    <Stack gap="md">
      <Text role="alert">
        <Trans>The invoice could not be loaded.</Trans>
      </Text>
      <Button onClick={() => actor.send({ type: 'load.retry' })}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}
