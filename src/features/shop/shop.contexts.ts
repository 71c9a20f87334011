// The shop area's flows: the cart (one per page frame; the pages and the header's cart button share it) and
// its promo flow, which the cart runs as a child and views reach through the cart.
import { createContext, useContext } from 'react';
import { createActorContext } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { cartMachine } from '../../../machines/shop/cart.machine';
import type { promoMachine } from '../../../machines/shop/promo.machine';

export const CartContext = createActorContext(cartMachine);

/** The promo flow the cart runs (or a promo flow on its own, in tests). */
export const PromoActorContext = createContext<ActorRefFrom<typeof promoMachine> | null>(null);

export function usePromoActor(): ActorRefFrom<typeof promoMachine> {
  const actor = useContext(PromoActorContext);
  if (!actor) throw new Error('The promo flow is not running');
  return actor;
}
