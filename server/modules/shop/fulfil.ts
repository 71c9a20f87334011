// What paying an order invoice (a cart checked out, checkout.ts) does, inside payments' settling transaction:
// each line sold in a billing cycle becomes a purchase of the payer, running for one cycle from now (a one-time
// purchase never ends), once per invoice and product (a setup fee's item has no cycle and buys nothing); a course sold as one of the products enrols the payer
// (learning's enrolOnPurchase, once).
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingCycleMonths } from '../../../domain/limits';
import { addMonths, isBillingCycle } from '../../../domain/pricing';
import { enrolOnPurchase } from '../learning/service';
import type { InvoiceKindHandler, InvoiceRow } from '../payments/invoice-kinds';
import { invoiceItems } from '../payments/tables';
import { products, purchases } from './tables';

async function fulfilOrder(tx: Db, invoice: InvoiceRow, now: Date): Promise<void> {
  const items = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
  const bought = items.flatMap((item) =>
    item.productId !== null && item.billingCycle && isBillingCycle(item.billingCycle)
      ? [
          {
            tenantId: invoice.tenantId,
            userId: invoice.userId,
            productId: item.productId,
            invoiceId: invoice.id,
            billingCycle: item.billingCycle,
            qty: item.qty,
            price: item.unitPrice,
            currency: item.currency,
            activeTill: billingCycleMonths[item.billingCycle] ? addMonths(now, billingCycleMonths[item.billingCycle]) : null,
          },
        ]
      : [],
  );
  if (!bought.length) return;
  await tx.insert(purchases).values(bought).onConflictDoNothing();
  const sold = await tx
    .select({ uuid: products.uuid })
    .from(products)
    .where(inArray(products.id, [...new Set(bought.map((line) => line.productId))]));
  for (const { uuid } of sold) await enrolOnPurchase(tx, { id: invoice.userId, tenantId: invoice.tenantId }, uuid);
}

export const shopInvoiceKinds: Record<string, InvoiceKindHandler> = {
  order: { fulfil: fulfilOrder },
};
