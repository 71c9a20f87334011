// The invoice made from a cart (moduleProductsCreateInvoice): its total is computed here through
// domain/pricing.ts, in the same transaction that locks the order and the promo code. What paying it does is
// fulfil.ts.
import { and, asc, eq, sql } from 'drizzle-orm';
import { withIdempotency } from '../../db/idempotency';
import type { Db } from '../../db/client';
import type { Viewer } from '../../context';
import { appError, validationError } from '../../errors';
import { cartTotals, lineAmount, setupFeeOf, type BillingCycle, type DiscountType } from '../../../domain/pricing';
import { cents } from '../../../domain/money';
import { insertInvoice } from '../payments/invoices';
import { invoices } from '../payments/tables';
import { orderNotFound } from './cart';
import { cyclePrice } from './products';
import { coverage, usablePromo, type PromoRow } from './promo';
import { orderLines, orders, products, promoCodes, promoCodeUses } from './tables';

/**
 * moduleProductsCreateInvoice: in one transaction, the member's order locked, its lines priced, the promo
 * code locked, checked and counted, the invoice written and the order closed. The order's invoice is
 * unique: a second call answers the first invoice.
 */
export async function createOrderInvoice(
  db: Db,
  viewer: Viewer,
  input: { orderId: number; promocode: string | null; idempotencyKey: string | null },
): Promise<number[]> {
  const { user } = viewer;
  const result = await withIdempotency(
    db,
    user.id,
    'moduleProductsCreateInvoice',
    input.idempotencyKey,
    { order_id: input.orderId, promocode: input.promocode },
    async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id), eq(orders.tenantId, user.tenantId)))
        .for('update');
      if (!order) throw orderNotFound();
      const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id));
      if (existing) return { invoiceIds: [existing.id] };
      if (order.status !== 'new') throw orderNotFound();

      const lines = await tx
        .select({ line: orderLines, product: products })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id));
      if (!lines.length) throw appError('conflict', 'The cart is empty.', { reason: 'CartEmpty' });
      const priced = lines.map(({ line, product }) => {
        const price = cyclePrice(product, line.billingCycle as BillingCycle);
        if (product.status !== 'active' || price === null) throw validationError({ product_id: ['unknownProduct'] });
        const setupFee = setupFeeOf(line.billingCycle as BillingCycle, product.priceOnetime);
        return { line, product, price: cents(price), setupFee: setupFee === null ? null : cents(setupFee) };
      });
      // One invoice is in one currency: lines whose product changed currency since they were added are refused,
      // never summed as if they were the same money.
      if (priced.some(({ product }) => product.currency !== priced[0]!.product.currency)) {
        throw validationError({ product_id: ['currencyMismatch'] });
      }

      let promo: PromoRow | null = null;
      if (input.promocode) {
        promo = await usablePromo(tx, order.tenantId, input.promocode, user.id, true);
        const productIds = [...new Set(priced.map(({ product }) => product.id))];
        const { covered } = await coverage(tx, promo, productIds);
        if (productIds.some((id) => !covered.has(id))) {
          throw appError('conflict', 'This promo code does not apply to every product in the cart.', { reason: 'PromoNotCovering' });
        }
      }
      const promoDiscount = promo ? { discount: promo.discount, discount_type: promo.discountType as DiscountType } : null;
      const totals = cartTotals(
        priced.map(({ line, price, setupFee }) => ({ qty: line.qty, price, setupFee })),
        promoDiscount,
      );
      const invoice = await insertInvoice(tx, {
        tenantId: order.tenantId,
        userId: user.id,
        kind: 'order',
        currency: priced[0]!.product.currency,
        orderId: order.id,
        subtotal: totals.subtotal,
        discount: totals.discount,
        promo: promo ? { id: promo.id, code: promo.code, discount: promo.discount, discountType: promo.discountType } : null,
        // A recurrent line's setup fee is an item of its own, after its line: with no billing cycle it buys
        // nothing when paid (fulfil.ts), and the line's unit price stays the cycle's price.
        items: priced.flatMap(({ line, product, price, setupFee }) => [
          {
            productId: product.id,
            subject: product.name,
            billingCycle: line.billingCycle,
            qty: line.qty,
            unitPrice: price,
            amount: lineAmount({ qty: line.qty, price }),
          },
          ...(setupFee === null
            ? []
            : [{ productId: product.id, subject: `${product.name}: setup fee`, billingCycle: null, qty: line.qty, unitPrice: setupFee, amount: lineAmount({ qty: line.qty, price: setupFee }) }]),
        ]),
      });
      if (promo) {
        // Counted under the row lock taken above, so the limit holds under parallel checkouts.
        await tx.update(promoCodes).set({ usedCount: sql`${promoCodes.usedCount} + 1` }).where(eq(promoCodes.id, promo.id));
        await tx.insert(promoCodeUses).values({ promoCodeId: promo.id, userId: user.id, invoiceId: invoice.id });
      }
      await tx.update(orders).set({ status: 'invoiced', updatedAt: new Date() }).where(eq(orders.id, order.id));
      return { invoiceIds: [invoice.id] };
    },
  );
  return result.invoiceIds;
}
