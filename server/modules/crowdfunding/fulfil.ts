// What an invoice of the crowdfunding kind does (payments dispatches it here, invoice-kinds.ts): it pays a
// pending holding. Paid, the holding is active from the payment (its payouts are counted from then); canceled
// or lapsed, the holding lets go of its part of the goal. Paying it is refused once the project stopped
// raising (past ends_at or closed): the job cancels such invoices, and so do the sweeps.
import type { Db } from '../../db/client';
import type { InvoiceKindHandler, InvoiceListener, InvoiceRow } from '../payments/invoice-kinds';
import { fundraisingFinished } from './service';
import { activatePaidHolding, holdingPayable, releasePendingHolding } from './invest';

export const crowdfundingInvoiceKinds: Record<string, InvoiceKindHandler> = {
  crowdfunding: {
    fulfil: (tx: Db, invoice: InvoiceRow, now: Date) => activatePaidHolding(tx, invoice.id, now),
    // Asked with the invoice locked, before money moves: locks the project (as investing does) and the holding.
    payable: (tx, invoice) => holdingPayable(tx, invoice.id),
    staleError: fundraisingFinished,
  },
};

/** A canceled invoice of the kind lets its pending holding go. */
export const crowdfundingHoldingRelease: InvoiceListener = {
  canceled: async (tx, invoice) => {
    if (invoice.kind === 'crowdfunding') await releasePendingHolding(tx, invoice.id);
  },
};
