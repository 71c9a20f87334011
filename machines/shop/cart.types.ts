import type { AppError, Outcome } from '../../domain/app-error';
import type { BillingCycle, CartLine } from './shop.types';

export interface CartInput {
  /** A member is signed in (else a guest, who shops with an anonymous id). */
  loggedIn: boolean;
  /** The guest's anonymous id kept in this browser (spec §3 anonymousId), if any. */
  anonymousId: string | null;
  /** Products a purchase link named (spec §3 sc_products), to put in the cart once a member is signed in. */
  linkProducts: { productId: string; cycle: BillingCycle }[];
}

export interface ActiveCart {
  /** The order with status new (the active cart), or null when there is none. */
  orderId: string | null;
  lines: CartLine[];
}

/** A quantity the member typed for a product's line, not yet saved (0 takes the line away). */
export interface QuantityDraft {
  productId: string;
  qty: number;
}

export interface CartContext extends CartInput {
  orderId: string | null;
  /** The lines as the server last had them (with the quantities it has since taken). */
  lines: CartLine[];
  /** Quantities typed and not yet saved, newest per product; shown over the lines. One over the limit waits, explained. */
  drafts: QuantityDraft[];
  /** The typed quantity being sent. */
  saving: QuantityDraft | null;
  /** The line just added, shown at once while the server adds it (reconciled with the next answer). */
  pendingLine: CartLine | null;
  /** What a merge of the guest's cart into the member's brought in, to tell the member. */
  merged: CartLine[];
  error: AppError | null;
  /** The cart panel is open: it opens when a product is added and closes when no cart is left. */
  panelOpen: boolean;
}

export interface AddLineRequest {
  productId: string;
  cycle: BillingCycle;
  qty: number;
  anonymousId: string | null;
}

export type CartEvent =
  | { type: 'cart.add'; line: CartLine }
  | { type: 'line.update'; productId: string; qty: number }
  | { type: 'checkout.start' }
  | { type: 'registration.dismiss' }
  | { type: 'merge.dismiss' }
  | { type: 'cart.retry' }
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  /** Another flow changed the cart (spec §7 CART_UPDATE, e.g. a paid invoice): fetch it again. */
  | { type: 'cart.update' }
  /** A member signed in (login or the registration dialog) in this tab. */
  | { type: 'session.started' }
  /** The member signed out: the next person on this device starts with an empty cart. */
  | { type: 'session.ended' };

/** The code stopped covering the cart (or expired, or was used up) between the check and the invoice. */
export type CreateInvoiceOutcome = Outcome<{ invoiceId: string }, 'PromoNotCovering' | 'PromoExpired' | 'PromoUsedUp'>;
