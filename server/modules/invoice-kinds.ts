// Every area's invoice kinds and invoice listeners, registered with payments once at start, the way
// server/graphql.ts lists the areas' resolvers. Payments dispatches a paid invoice to its kind's handler
// (payments/invoice-kinds.ts) and imports none of these areas; a new area that sells through invoices adds
// its kinds here.
import { registerInvoiceKind, registerInvoiceListener, type InvoiceKindHandler, type InvoiceListener } from './payments/invoice-kinds';
import { walletInvoiceKinds } from './wallet/fulfil';
import { shopInvoiceKinds } from './shop/fulfil';
import { promoUseRelease } from './shop/promo';
import { tariffInvoiceKinds } from './tariffs/fulfil';
import { merchantInvoiceKinds } from './merchants/fulfil';
import { crowdfundingHoldingRelease, crowdfundingInvoiceKinds } from './crowdfunding/fulfil';
import { referralEarnings } from './affiliates/earnings';

/**
 * Each area's kinds: deposit (wallet), order (shop), tariff, upgrade and subscription (tariffs), merchant
 * (merchants), crowdfunding (crowdfunding).
 */
const areaKinds: Record<string, InvoiceKindHandler>[] = [walletInvoiceKinds, shopInvoiceKinds, tariffInvoiceKinds, merchantInvoiceKinds, crowdfundingInvoiceKinds];

/** Areas that follow every invoice: referral earnings (affiliates), promo code uses (shop), pending holdings (crowdfunding). */
const listeners: InvoiceListener[] = [referralEarnings, promoUseRelease, crowdfundingHoldingRelease];

/** Registers them all; running it again (another server instance in the same process) changes nothing. */
export function registerInvoiceKinds(): void {
  for (const kinds of areaKinds) for (const [kind, handler] of Object.entries(kinds)) registerInvoiceKind(kind, handler);
  for (const listener of listeners) registerInvoiceListener(listener);
}
