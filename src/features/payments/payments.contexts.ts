// The payments area's flows: the invoice payment dialog and the deposit dialog's first step (one per opening,
// keyed by the page).
import { createActorContext } from '@xstate/react';
import { depositMachine } from '../../../machines/payments/deposit.machine';
import { invoicePaymentMachine } from '../../../machines/payments/invoice-payment.machine';

export const InvoicePaymentContext = createActorContext(invoicePaymentMachine);
export const DepositContext = createActorContext(depositMachine);
