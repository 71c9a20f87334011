// Deposit funds (spec §2 "Deposit funds modal", §4 "Deposit"): the header's Deposit button opens the dialog;
// step 1 is the currency (when the member has wallets) and the amount, with Cancel and Continue; Continue
// makes the deposit's invoice and the deposit flow continues into its payment, shown in the payment dialog
// (gateway, details, waiting, success). Hidden when the tenant turns deposits off (disable_deposit). The same
// dialogs show a deposit opened from an invoice's payment when the balance is short (DepositFlowDialogs).
import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import * as deposit from '../../../machines/payments/deposit.selectors';
import type { depositMachine } from '../../../machines/payments/deposit.machine';
import { depositAmount, dialogWidth } from '../../../domain/limits';
import { meQueryOptions } from '../../api/account';
import { appErrorText } from '../../lib/app-error-text';
import { useOverlay } from '../../lib/overlays';
import { useIsSmallScreen } from '../../lib/screen';
import { DepositContext, PaymentActorContext } from './payments.contexts';
import { PaymentDialog } from './payment-dialog/payment-dialog';

type DepositFlow = ActorRefFrom<typeof depositMachine>;

/** Step 1: currency and amount; Continue makes the deposit's invoice. */
function DepositDialog({ actor }: { actor: DepositFlow }) {
  const { t } = useLingui();
  const amount = useSelector(actor, deposit.selectAmount);
  const currency = useSelector(actor, deposit.selectCurrency);
  const currencies = useSelector(actor, deposit.selectCurrencies);
  const amountError = useSelector(actor, deposit.selectAmountError);
  const refused = useSelector(actor, deposit.selectAmountRefused);
  const busy = useSelector(actor, deposit.selectBusy);
  useOverlay(true, () => actor.send({ type: 'dialog.close' }));
  const amountMessage =
    amountError === 'required'
      ? t`Enter the amount`
      : amountError === 'min'
        ? t`The minimum amount is ${depositAmount.min} ${currency}`
        : amountError === 'max'
          ? t`The maximum amount is ${depositAmount.max} ${currency}`
          : refused ? appErrorText(refused) : undefined;
  return (
    <Modal
      opened
      onClose={() => actor.send({ type: 'dialog.close' })}
      title={t`Deposit funds`}
      size={dialogWidth.payment}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'deposit.submit' });
        }}
      >
        <Stack gap="md">
          {currencies.length > 0 && (
            <Select
              label={t`Currency`}
              data={currencies}
              value={currency}
              allowDeselect={false}
              onChange={(value) => value && actor.send({ type: 'currency.select', currency: value })}
              disabled={busy}
            />
          )}
          <TextInput
            label={t`Amount`}
            description={t`From ${depositAmount.min} to ${depositAmount.max} ${currency}`}
            inputMode="decimal"
            autoComplete="off"
            maxLength={depositAmount.maxLength}
            value={amount}
            onChange={(event) => actor.send({ type: 'amount.change', value: event.currentTarget.value })}
            error={amountMessage}
            rightSection={currency}
            rightSectionWidth={60}
            readOnly={busy}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'dialog.close' })} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Continue</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A deposit flow's dialogs, step by step: the amount, then the payment it continues into. */
export function DepositFlowDialogs({ flow }: { flow: DepositFlow }) {
  const amountStep = useSelector(flow, deposit.selectAmountStepOpen);
  const payment = useSelector(flow, deposit.selectPayment);
  const paid = useSelector(flow, deposit.selectPaid);
  return (
    <>
      {amountStep && <DepositDialog actor={flow} />}
      {payment && (
        <PaymentActorContext.Provider value={payment}>
          <PaymentDialog paid={paid} onClose={() => flow.send({ type: 'dialog.close' })} />
        </PaymentActorContext.Provider>
      )}
    </>
  );
}

/** The Deposit button (the header's, the balance page's) and the dialogs of its deposit flow. */
export function DepositButton() {
  const { t } = useLingui();
  const small = useIsSmallScreen();
  const flow = DepositContext.useActorRef();
  const wallets = useQuery(meQueryOptions()).data?.me?.wallet_balance ?? [];
  const open = () =>
    flow.send({
      type: 'dialog.open',
      hasWallets: wallets.length > 0,
      fiatCurrencies: wallets.filter((wallet) => wallet.type === 'fiat').map((wallet) => wallet.currency),
    });
  return (
    <>
      {small ? (
        <ActionIcon variant="filled" size="lg" onClick={open} aria-label={t`Deposit`}>
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <Button size="compact-md" leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          <Trans>Deposit</Trans>
        </Button>
      )}
      <DepositFlowDialogs flow={flow} />
    </>
  );
}
