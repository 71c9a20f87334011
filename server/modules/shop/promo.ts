// Promo codes (spec §4 "Promo code"): finding a usable code for a member, which of a cart's products it covers,
// and letting go of the use a canceled invoice held.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../context';
import type { PromoCode as PromoCodeAnswer } from '../../generated/resolvers-types';
import { appError } from '../../errors';
import { cents } from '../../../domain/money';
import type { TenantRow } from '../shell/service';
import { users } from '../account/tables';
import { expireInvoices, expireInvoicesIn } from '../payments/expiry';
import type { InvoiceListener } from '../payments/invoice-kinds';
import { invoices } from '../payments/tables';
import type { Ref } from './access';
import { requireProductRow } from './products';
import { promoCodeCategories, promoCodeProducts, promoCodes, promoCodeUses } from './tables';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export type PromoRow = typeof promoCodes.$inferSelect;

const normaliseCode = (code: string) => code.trim().toUpperCase();

/**
 * Finds the tenant's code, locked when it is about to be used, and checks it for this member. Uses held by
 * unpaid invoices that have expired are released first (payments' expiry), so abandoned carts do not use up
 * a limited code.
 */
export async function usablePromo(tx: Db, tenantId: number, code: string, userId: number | null, lock: boolean): Promise<PromoRow> {
  const query = () =>
    tx
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.tenantId, tenantId), eq(promoCodes.code, normaliseCode(code))))
      .limit(1);
  let [promo] = lock ? await query().for('update') : await query();
  if (promo) {
    // Under the code's row lock when it is about to be used (the release counts down on that row).
    const heldBy = eq(invoices.promoCodeId, promo.id);
    const released = lock ? await expireInvoicesIn(tx, heldBy) : await expireInvoices(tx, heldBy);
    if (released) [promo] = await query();
  }
  if (!promo || promo.status !== 'active' || (promo.userId !== null && promo.userId !== userId)) {
    throw appError('not_found', 'This promo code does not exist.', { reason: 'PromoNotFound' });
  }
  if (promo.expiresAt && promo.expiresAt.getTime() <= Date.now()) {
    throw appError('conflict', 'This promo code has expired.', { reason: 'PromoExpired' });
  }
  if (promo.maxUsageLimit !== null && promo.usedCount >= promo.maxUsageLimit) {
    throw appError('conflict', 'This promo code has been used up.', { reason: 'PromoUsedUp' });
  }
  if (userId !== null && promo.perMemberLimit !== null) {
    const [{ uses = 0 } = {}] = await tx
      .select({ uses: count() })
      .from(promoCodeUses)
      .where(and(eq(promoCodeUses.promoCodeId, promo.id), eq(promoCodeUses.userId, userId), isNull(promoCodeUses.releasedAt)));
    if (uses >= promo.perMemberLimit) {
      throw appError('conflict', 'You have already used this promo code.', { reason: 'PromoAlreadyUsed' });
    }
  }
  return promo;
}

/**
 * A canceled invoice lets go of the promo code use it held (released_at set once, used_count one lower), so an
 * abandoned checkout does not use up a limited code. Payments tells the shop of every canceled invoice.
 */
async function releasePromoUse(tx: Db, invoice: { id: number }, now: Date): Promise<void> {
  const released = await tx
    .update(promoCodeUses)
    .set({ releasedAt: now })
    .where(and(eq(promoCodeUses.invoiceId, invoice.id), isNull(promoCodeUses.releasedAt)))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  for (const { promoCodeId } of released) {
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
      .where(eq(promoCodes.id, promoCodeId));
  }
}

export const promoUseRelease: InvoiceListener = { canceled: releasePromoUse };

/** The code's configured products and categories, and which of the given products it covers. */
export async function coverage(tx: Db, promo: PromoRow, productIds: number[]) {
  const [productRows, categoryRows] = await Promise.all([
    tx.select({ id: promoCodeProducts.productId }).from(promoCodeProducts).where(eq(promoCodeProducts.promoCodeId, promo.id)),
    tx.select({ id: promoCodeCategories.categoryId }).from(promoCodeCategories).where(eq(promoCodeCategories.promoCodeId, promo.id)),
  ]);
  const appliesToAll = productRows.length === 0 && categoryRows.length === 0;
  let covered = new Set<number>(appliesToAll ? productIds : productRows.map((row) => row.id).filter((id) => productIds.includes(id)));
  if (!appliesToAll && categoryRows.length && productIds.length) {
    const result = await tx.execute(sql`
      select distinct l.product_id from product_category_links l
      where l.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
        and l.category_id in (${sql.join(categoryRows.map((row) => sql`${row.id}`), sql`, `)})`);
    covered = new Set([...covered, ...rowsOf(result).map((row) => row.product_id as number)]);
  }
  return { appliesToAll, covered, categoryIds: categoryRows.map((row) => row.id) };
}

/** modulePromoCodesCheck: the code, and which of the cart's products it covers. */
export async function checkPromoCode(
  db: Db,
  tenant: TenantRow,
  viewer: Viewer | null,
  code: string,
  productRefs: (Ref | null)[],
): Promise<PromoCodeAnswer> {
  const ids: number[] = [];
  for (const ref of productRefs) ids.push((await requireProductRow(db, tenant.id, ref, 'product_ids', false)).id);
  const promo = await usablePromo(db, tenant.id, code, viewer?.user.id ?? null, false);
  const { appliesToAll, covered, categoryIds } = await coverage(db, promo, ids);
  const [owner] = promo.userId ? await db.select({ uuid: users.uuid }).from(users).where(eq(users.id, promo.userId)) : [];
  return {
    uuid: promo.uuid,
    whitelabel_id: tenant.uuid,
    user_id: owner?.uuid ?? null,
    status: promo.status,
    code: promo.code,
    discount: cents(promo.discount),
    discount_type: promo.discountType,
    max_usage_limit: promo.maxUsageLimit,
    products: ids.filter((id) => covered.has(id)),
    product_categories: categoryIds,
    expires_at: promo.expiresAt,
    created_at: promo.createdAt,
    applies_to_all: appliesToAll,
  };
}
