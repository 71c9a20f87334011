// Preparing a gateway's payment failed unexpectedly: try again (the same attempt, the same key) or go back.
import { Button, Group, Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { usePaymentActor } from '../payments.contexts';
import { BackButton } from './back-button';
import { Messages } from './messages';
import { StepHeading } from './step-heading';

export function PreparingFailed() {
  const actor = usePaymentActor();
  return (
    <Stack gap="md">
      <StepHeading>
        <Trans>Unable to create the payment</Trans>
      </StepHeading>
      <Messages />
      <Group justify="space-between">
        <BackButton />
        <Button onClick={() => actor.send({ type: 'transaction.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
