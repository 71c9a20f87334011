// The payments area's flows: the invoice page's payment (one per invoice page, its dialog opened and closed by
// the flow) and the deposit (one per Deposit button, continuing into its invoice's payment as a child). The
// payment dialog reads whichever payment flow it is shown for through PaymentActorContext.
import { createContext, useContext } from 'react';
import { createActorContext, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { depositMachine } from '../../../machines/payments/deposit.machine';
import { invoicePaymentMachine } from '../../../machines/payments/invoice-payment.machine';

export const InvoicePaymentContext = createActorContext(invoicePaymentMachine);
export const DepositContext = createActorContext(depositMachine);

type PaymentActor = ActorRefFrom<typeof invoicePaymentMachine>;

/** The payment flow the dialog shows: the invoice page's own, or the one a deposit continues into. */
export const PaymentActorContext = createContext<PaymentActor | null>(null);

export function usePaymentActor(): PaymentActor {
  const actor = useContext(PaymentActorContext);
  if (!actor) throw new Error('No payment flow is shown');
  return actor;
}

/** Reads the shown payment flow through one of its selectors. */
export function usePaymentSelector<T>(selector: (snapshot: SnapshotFrom<typeof invoicePaymentMachine>) => T): T {
  return useSelector(usePaymentActor(), selector);
}
