// The Stop early dialog (issue 27 "Stop early"): before the member agrees, what they get now (the payout), what
// they give up (the penalty as an amount) and the final amount they would have had at the term, as the server
// quotes it; then the plan is stopped and the payout (the quote) goes to the balance. The page's Stop early
// flow (a child of the page's flow) opens and closes it.
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import * as stop from '../../../machines/investments/invest-stop.selectors';
import type { investStopMachine } from '../../../machines/investments/invest-stop.machine';
import { dialogWidth } from '../../../domain/limits';
import { formatMoney } from '../../lib/format';
import { useOverlay } from '../../lib/overlays';
import { Loading } from '../../components/load-state';

type StopRef = ActorRefFrom<typeof investStopMachine>;

function Review({ actor, onClose }: { actor: StopRef; onClose: () => void }) {
  const { t } = useLingui();
  const target = useSelector(actor, stop.selectTarget)!;
  const quote = useSelector(actor, stop.selectQuote)!;
  const stopping = useSelector(actor, stop.selectStopping);
  const canConfirm = useSelector(actor, stop.selectCanConfirm);
  const money = (amount: string) => formatMoney(amount, target.currency);
  return (
    <Stack gap="md">
      <Table aria-label={t`What stopping now means`} withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <Trans>You get now</Trans>
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid="stop-payout">
              {money(quote.payout)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>You give up (penalty)</Trans>
            </Table.Td>
            <Table.Td ta="right" data-testid="stop-penalty">
              {money(quote.penalty)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>At the term you would have had</Trans>
            </Table.Td>
            <Table.Td ta="right" data-testid="stop-final">
              {money(quote.finalAmount)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {/* A failed stop is said in the notifier (the flow's notifyFailure); Stop again retries it safely. */}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={stopping} data-autofocus>
          <Trans>Keep the plan</Trans>
        </Button>
        <Button color="red.9" onClick={() => actor.send({ type: 'stop.confirm' })} disabled={!canConfirm && !stopping} loading={stopping}>
          <Trans>Stop the plan</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function StopBody({ actor, onClose }: { actor: StopRef; onClose: () => void }) {
  const { t } = useLingui();
  const quoting = useSelector(actor, stop.selectQuoting);
  const failed = useSelector(actor, stop.selectQuoteFailed);
  const finished = useSelector(actor, stop.selectFinished);
  const stopped = useSelector(actor, stop.selectStopped);
  if (quoting) return <Loading label={t`Working out what stopping now pays…`} />;
  if (failed) {
    return (
      <Stack gap="md">
        {/* The notifier says why; here the way on. */}
        <Alert color="red" role="alert">
          {t`What stopping now pays could not be worked out.`}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  if (finished) {
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert">
          {t`Nothing was stopped. The list shows how the plan ended.`}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  if (stopped) {
    const payout = formatMoney(stopped.stopPayout ?? '0', stopped.currency);
    const penalty = formatMoney(stopped.penalty ?? '0', stopped.currency);
    return (
      <Stack gap="md">
        <Text role="status" data-testid="stop-result">
          <Trans>
            The plan is stopped: {payout} went to your balance, the penalty was {penalty}.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  return <Review actor={actor} onClose={onClose} />;
}

/** The dialog while the page's Stop early flow is open; closing it returns the focus to the plan's button. */
export function StopDialog({ actor }: { actor: StopRef }) {
  const { t } = useLingui();
  const open = useSelector(actor, stop.selectOpen);
  const target = useSelector(actor, stop.selectTarget);
  useOverlay(open);
  const close = () => actor.send({ type: 'dialog.close' });
  const name = target?.name ?? '';
  return (
    <Modal opened={open} onClose={close} title={t`Stop ${name} early?`} size={dialogWidth.default} closeButtonProps={{ 'aria-label': t`Close` }}>
      {open && target && <StopBody actor={actor} onClose={close} />}
    </Modal>
  );
}
