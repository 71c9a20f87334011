// The payments area's flows: the invoice payment dialog (one per opening, keyed by the page).
import { createActorContext } from '@xstate/react';
import { invoicePaymentMachine } from '../../../machines/payments/invoice-payment.machine';

export const InvoicePaymentContext = createActorContext(invoicePaymentMachine);
