// A made withdrawal request (spec §5 "Withdrawal", §9 payout wait): its amount, status and destination, and
// the way to another request. The notice takes the focus, so a screen reader reads it.
import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import type { WithdrawalSetup } from '../../../machines/wallet/withdrawal.types';
import { selectRequested } from '../../../machines/wallet/withdrawal.selectors';
import { withdrawalWaitDays } from '../../../domain/limits';
import { formatMoney } from '../../lib/format';
import { WithdrawalContext } from './wallet.contexts';
import { withdrawalStatusText } from './wallet.messages';

export function Requested({ setupNow }: { setupNow: WithdrawalSetup }) {
  const actor = WithdrawalContext.useActorRef();
  const requested = WithdrawalContext.useSelector(selectRequested)!;
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const amount = formatMoney(requested.amount, requested.currency);
  const status = withdrawalStatusText(requested.status);
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" aria-live="polite" ref={heading} tabIndex={-1}>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            <Trans>
              Your withdrawal of {amount} is requested (status: {status}).
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>
              It goes to {requested.destination}. Payouts take {withdrawalWaitDays.min}-{withdrawalWaitDays.max} working
              days.
            </Trans>
          </Text>
        </Stack>
      </Alert>
      <Group>
        <Button variant="light" onClick={() => actor.send({ type: 'withdrawal.again', setup: setupNow })}>
          <Trans>Request another withdrawal</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
