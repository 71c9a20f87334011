// The Activate dialog (issue 27 "Activate"): the amount (digits and one decimal point, no leading zero) within
// the plan's bounds, then a confirmation of what is invested and what the plan pays at its term; the amount
// comes off the balance. A refusal (the balance too small) is said in the notifier and the amount stays typed.
// The page's Activate flow (a child of the page's flow) opens and closes it.
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { ActorRefFrom } from 'xstate';
import * as activate from '../../../machines/investments/invest-activate.selectors';
import type { investActivateMachine } from '../../../machines/investments/invest-activate.machine';
import type { ActivateAmountError } from '../../../machines/investments/invest-activate.types';
import type { InvestPlan } from '../../../machines/investments/investments.types';
import { dialogWidth } from '../../../domain/limits';
import { formatDate, formatMoney } from '../../lib/format';
import { useOverlay } from '../../lib/overlays';
import { PlanTerms } from './plan-terms';

type ActivateRef = ActorRefFrom<typeof investActivateMachine>;

function useAmountErrorText(error: ActivateAmountError | null, plan: InvestPlan): string | null {
  const { t } = useLingui();
  const min = formatMoney(plan.minAmount, plan.currency);
  const max = formatMoney(plan.maxAmount, plan.currency);
  if (error === 'required') return t`Enter the amount to invest.`;
  if (error === 'min') return t`The minimum for this plan is ${min}.`;
  if (error === 'max') return t`The maximum for this plan is ${max}.`;
  return null;
}

function Editing({ actor, plan, onClose }: { actor: ActivateRef; plan: InvestPlan; onClose: () => void }) {
  const { t } = useLingui();
  const amount = useSelector(actor, activate.selectAmount);
  const amountError = useAmountErrorText(useSelector(actor, activate.selectAmountError), plan);
  const min = formatMoney(plan.minAmount, plan.currency);
  const max = formatMoney(plan.maxAmount, plan.currency);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'activate.submit' });
      }}
    >
      <Stack gap="md">
        <PlanTerms plan={plan} />
        <TextInput
          label={t`Amount, ${plan.currency}`}
          description={t`From ${min} to ${max}, from your balance.`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={amountError}
          onChange={(event) => actor.send({ type: 'amount.change', value: event.currentTarget.value })}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">
            <Trans>Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Confirming({ actor, plan }: { actor: ActivateRef; plan: InvestPlan }) {
  const { t } = useLingui();
  const amount = useSelector(actor, activate.selectAmount).replace(/\.$/, '');
  const finalAmount = useSelector(actor, activate.selectFinalAmount);
  const busy = useSelector(actor, activate.selectBusy);
  const money = (value: string) => formatMoney(value, plan.currency);
  const { periods, periodDays } = plan;
  return (
    <Stack gap="md">
      <Table aria-label={t`Your investment`} withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <Trans>You invest</Trans>
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid="activate-amount">
              {money(amount)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Trans>Term</Trans>
            </Table.Td>
            <Table.Td ta="right">{t`${plural(periods, { one: '# period', other: '# periods' })} of ${plural(periodDays, { one: '# day', other: '# days' })}`}</Table.Td>
          </Table.Tr>
          {finalAmount && (
            <Table.Tr>
              <Table.Td>
                <Trans>The plan pays at its term</Trans>
              </Table.Td>
              <Table.Td ta="right" fw={700} data-testid="activate-final">
                {money(finalAmount)}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        <Trans>The amount comes off your {plan.currency} balance now.</Trans>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'activate.back' })} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'activate.confirm' })} loading={busy} data-autofocus>
          <Trans>Confirm and invest</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function Activated({ actor, onClose }: { actor: ActivateRef; onClose: () => void }) {
  const activated = useSelector(actor, activate.selectActivated)!;
  const amount = formatMoney(activated.amount, activated.currency);
  const ends = formatDate(activated.endsAt);
  return (
    <Stack gap="md">
      <Text role="status">
        <Trans>
          Your plan {activated.plan.name} is active: {amount}, until {ends}.
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

/** The dialog while the page's Activate flow is open; closing it returns the focus to the card's button. */
export function ActivateDialog({ actor }: { actor: ActivateRef }) {
  const { t } = useLingui();
  const open = useSelector(actor, activate.selectOpen);
  const plan = useSelector(actor, activate.selectPlan);
  const confirming = useSelector(actor, activate.selectConfirming);
  const activated = useSelector(actor, activate.selectActivated);
  useOverlay(open);
  const close = () => actor.send({ type: 'dialog.close' });
  const name = plan?.name ?? '';
  return (
    <Modal opened={open} onClose={close} title={t`Activate ${name}`} size={dialogWidth.default} closeButtonProps={{ 'aria-label': t`Close` }}>
      {open && plan && (activated ? <Activated actor={actor} onClose={close} /> : confirming ? <Confirming actor={actor} plan={plan} /> : <Editing actor={actor} plan={plan} onClose={close} />)}
    </Modal>
  );
}
