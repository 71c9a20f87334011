// The product lists' address (spec §2 "Route guard", §4 "Store"): the filter in the search params and the
// purchase link a store URL may carry. The /store and /products route files use these to check their
// search params, so they come with the router on every first load: nothing here may pull in the cart's
// flow, its machines or the money arithmetic (src/app/flows/shop.ts holds those, loaded with the shop's pages).
import * as v from 'valibot';
import { billingCycleMonths, productSearchMax, productSorts } from '../../domain/limits';
import type { BillingCycle } from '../../domain/pricing';
import type { ProductFilter } from '../api/shop';
import { writeLocal, storageKeys } from '../lib/storage';

/** pricing.ts's isBillingCycle, without pricing's money arithmetic (big.js) on every first load. */
const isBillingCycle = (value: unknown): value is BillingCycle => typeof value === 'string' && Object.hasOwn(billingCycleMonths, value);

/**
 * A purchase link (a store URL naming products: /store?products=ID[:cycle],...) is kept for the login that
 * follows, which then lands on /products with those products in the cart (spec §2 "Route guard").
 */
export function rememberPurchaseLink(products: string | undefined): void {
  if (!products) return;
  const named = products
    .split(',')
    .map((part) => part.trim().split(':'))
    .filter(([id]) => id && /^[\w-]{1,64}$/.test(id))
    .map(([productId, cycle]) => ({ productId: productId!, cycle: isBillingCycle(cycle) ? cycle : 'onetime' }));
  if (named.length) writeLocal(storageKeys.scProducts, JSON.stringify(named));
}

/**
 * A search param as text. The router reads `?products=7` or `?category=3` as the number 7 (it parses values as
 * JSON), which a string check alone would drop: a purchase link naming one product was lost that way.
 */
const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

/** The product lists' filter in the address: search words, category, sort order (and a purchase link). */
export const productSearchSchema = v.object({
  search: v.fallback(v.optional(v.pipe(text, v.maxLength(productSearchMax))), undefined),
  category: v.fallback(v.optional(text), undefined),
  sort: v.fallback(v.optional(v.picklist(productSorts)), undefined),
  products: v.fallback(v.optional(text), undefined),
});

export const toFilter = (search: v.InferOutput<typeof productSearchSchema>): ProductFilter => ({
  ...(search.search ? { search: search.search } : {}),
  ...(search.category ? { categoryId: search.category } : {}),
  ...(search.sort ? { sortOrder: search.sort } : {}),
});

export const toSearchParams = (filter: ProductFilter) => ({ search: filter.search, category: filter.categoryId, sort: filter.sortOrder });
