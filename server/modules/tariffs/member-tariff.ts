// What `me` shows of the member's purchases and their current tariff (a purchase of a product with a tariff
// level): the rule on the rows the member view reads.
import type { Purchase } from '../../generated/resolvers-types';
import { cents } from '../../../domain/money';

export interface MemberCommerce {
  unpaidInvoices: number;
  purchase: Purchase | null;
  purchases: Purchase[];
}

/** One purchase of the member as `me` reads it (newest first), with its tariff level and upgrade flag. */
export interface MemberPurchaseRow {
  purchase: {
    uuid: string | null;
    productId: number | null;
    activeTill: Date | null;
    billingCycle: string | null;
    price: string | null;
    currency: string | null;
    activeFrom: Date | null;
  } | null;
  tariffLevel: number | null;
  upgradable: boolean | null;
  name: string | null;
  description: string | null;
  image: string | null;
}

/**
 * me.unpaid_invoices, me.purchases (newest first) and me.purchase, from rows `me` reads with the rest of the
 * member view in one statement (account/service.ts): the member's current tariff is the tariff purchase that
 * runs now (the highest level, then the newest), with has_upgrades when an active tariff upgrades it.
 */
export function memberCommerceFrom(rows: readonly MemberPurchaseRow[], unpaidInvoices: number): MemberCommerce {
  const now = Date.now();
  const list = rows.flatMap(({ purchase, name, description, image, tariffLevel, upgradable }) => {
    if (!purchase?.uuid) return [];
    const running =
      (purchase.activeFrom === null || purchase.activeFrom.getTime() <= now) && (purchase.activeTill === null || purchase.activeTill.getTime() > now);
    const tariff = tariffLevel !== null;
    return [
      {
        view: {
          uuid: purchase.uuid,
          product_id: purchase.productId,
          name: name ?? '',
          description,
          image,
          active_till: purchase.activeTill,
          active_from: purchase.activeFrom,
          billing_cycle: purchase.billingCycle,
          price: cents(purchase.price!),
          currency: purchase.currency,
          has_upgrades: tariff && running && upgradable,
        } satisfies Purchase,
        level: tariff && running ? tariffLevel : null,
      },
    ];
  });
  const current = list.reduce<(typeof list)[number] | null>(
    (best, entry) => (entry.level !== null && (best === null || entry.level > best.level!) ? entry : best),
    null,
  );
  return {
    unpaidInvoices,
    purchase: current?.view ?? null,
    purchases: list.map((entry) => entry.view),
  };
}
