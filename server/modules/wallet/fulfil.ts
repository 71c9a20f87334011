// What paying an invoice of the wallet area's kind does (payments dispatches it here, invoice-kinds.ts): a
// deposit (payments/deposits.ts makes it) fills the wallet of its currency with the amount asked, once
// (WALLET_REFILL, keyed by the invoice). A deposit fills the balance, so the balance cannot pay it.
import type { Db } from '../../db/client';
import { appError } from '../../errors';
import { cents } from '../../../domain/money';
import type { InvoiceKindHandler, InvoiceRow } from '../payments/invoice-kinds';
import { creditWallet } from './ledger';

async function fillWallet(tx: Db, invoice: InvoiceRow): Promise<void> {
  await creditWallet(tx, {
    userId: invoice.userId,
    currency: invoice.currency,
    amount: cents(invoice.subtotal),
    type: 'WALLET_REFILL',
    entryKey: `invoice:${invoice.id}:WALLET_REFILL`,
    invoiceId: invoice.id,
    note: `Deposit ${invoice.tag}`,
    details: { invoice_tag: invoice.tag },
  });
}

export const walletInvoiceKinds: Record<string, InvoiceKindHandler> = {
  deposit: {
    fulfil: fillWallet,
    balanceRefused: () => appError('conflict', 'A deposit is paid through a payment gateway.'),
  },
};
