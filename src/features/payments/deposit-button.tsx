// Deposit funds (spec §2 "Deposit funds modal", §4 "Deposit"): the header's Deposit button opens the dialog;
// step 1 is the currency (when the member has wallets) and the amount, with Cancel and Continue; Continue
// makes the deposit's invoice and its payment goes on in the payment dialog (gateway, details, waiting,
// success). Hidden when the tenant turns deposits off (disable_deposit).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import type { depositMachine } from '../../../machines/payments/deposit.machine';
import * as deposit from '../../../machines/payments/deposit.selectors';
import type { DepositInput } from '../../../machines/payments/deposit.types';
import type { invoicePaymentMachine } from '../../../machines/payments/invoice-payment.machine';
import type { InvoicePaymentInput } from '../../../machines/payments/invoice-payment.types';
import { depositAmount, dialogWidth } from '../../../domain/limits';
import { appErrorText } from '../../lib/app-error-text';
import type { Flow } from '../../lib/flow-inspection';
import { useOverlay } from '../../lib/overlays';
import { useIsSmallScreen } from '../../lib/screen';
import { DepositContext, InvoicePaymentContext } from './payments.contexts';
import { PaymentDialog } from './payment-dialog';

/** Step 1: currency and amount. The flow ends with the deposit's invoice (or closed). */
export function DepositDialog({ onDone }: { onDone: (invoiceId: string | null) => void }) {
  const { t } = useLingui();
  const actor = DepositContext.useActorRef();
  const amount = DepositContext.useSelector(deposit.selectAmount);
  const currency = DepositContext.useSelector(deposit.selectCurrency);
  const currencies = DepositContext.useSelector(deposit.selectCurrencies);
  const amountError = DepositContext.useSelector(deposit.selectAmountError);
  const error = DepositContext.useSelector(deposit.selectError);
  const busy = DepositContext.useSelector(deposit.selectBusy);
  const done = DepositContext.useSelector(deposit.selectDone);
  const invoiceId = DepositContext.useSelector(deposit.selectInvoiceId);
  useOverlay(!done);
  useEffect(() => {
    if (done) onDone(invoiceId);
  }, [done, invoiceId, onDone]);
  const amountMessage =
    amountError === 'required'
      ? t`Enter the amount`
      : amountError === 'min'
        ? t`The minimum amount is ${depositAmount.min} ${currency}`
        : amountError === 'max'
          ? t`The maximum amount is ${depositAmount.max} ${currency}`
          : undefined;
  return (
    <Modal
      opened={!done}
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
          {error && (
            <Alert color="red" role="alert">
              {appErrorText(error)}
            </Alert>
          )}
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

export interface DepositButtonProps {
  deposit: Flow<typeof depositMachine>;
  depositInput: () => DepositInput;
  payment: Flow<typeof invoicePaymentMachine>;
  paymentInput: (invoiceId: string) => InvoicePaymentInput;
  supportLink: string | null;
}

/** The header's Deposit button and the two dialogs it opens in turn. */
export function DepositButton(props: DepositButtonProps) {
  const { t } = useLingui();
  const small = useIsSmallScreen();
  const [round, setRound] = useState(0);
  const [phase, setPhase] = useState<{ step: 'closed' } | { step: 'amount' } | { step: 'pay'; invoiceId: string }>({ step: 'closed' });
  const closed = useCallback(() => setPhase({ step: 'closed' }), []);
  const amountDone = useCallback((invoiceId: string | null) => setPhase(invoiceId ? { step: 'pay', invoiceId } : { step: 'closed' }), []);
  // Each opening gets its own input (a fresh idempotency key prefix); the providers read it once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const depositInput = useMemo(() => props.depositInput(), [round]);
  const open = () => {
    setRound((value) => value + 1);
    setPhase({ step: 'amount' });
  };
  const payInvoiceId = phase.step === 'pay' ? phase.invoiceId : null;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const paymentInput = useMemo(() => (payInvoiceId ? props.paymentInput(payInvoiceId) : null), [payInvoiceId]);
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
      {phase.step === 'amount' && (
        <DepositContext.Provider key={round} logic={props.deposit.logic} options={{ ...props.deposit.options, input: depositInput }}>
          <DepositDialog onDone={amountDone} />
        </DepositContext.Provider>
      )}
      {phase.step === 'pay' && paymentInput && (
        <InvoicePaymentContext.Provider key={phase.invoiceId} logic={props.payment.logic} options={{ ...props.payment.options, input: paymentInput }}>
          <PaymentDialog onClosed={closed} supportLink={props.supportLink} stayOnPaid />
        </InvoicePaymentContext.Provider>
      )}
    </>
  );
}
