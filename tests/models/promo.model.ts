import { promoMachine } from '../../machines/shop/promo.machine';
import type { CheckPromoOutcome, PromoEvent } from '../../machines/shop/promo.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { ebookLine, flat5, signalsLine, welcome10 } from './shop-fixtures';

export const promoFixtures = {
  'promo.change': [
    { type: 'promo.change', code: ' WELCOME10 ' },
    { type: 'promo.change', code: '   ' },
  ],
  'promo.apply': [{ type: 'promo.apply' }],
  'promo.clear': [{ type: 'promo.clear' }],
  'cart.changed': [
    { type: 'cart.changed', lines: [ebookLine, signalsLine] },
    { type: 'cart.changed', lines: [{ ...ebookLine, qty: 2 }, signalsLine] },
    { type: 'cart.changed', lines: [ebookLine] },
    { type: 'cart.changed', lines: [] },
  ],
  'xstate.done.actor.checkPromo': [
    { type: 'xstate.done.actor.checkPromo', output: success(welcome10) },
    { type: 'xstate.done.actor.checkPromo', output: success(flat5) },
    { type: 'xstate.done.actor.checkPromo', output: failure({ code: 'server', reason: 'PromoExpired' }) },
  ],
  'xstate.error.actor.checkPromo': [{ type: 'xstate.error.actor.checkPromo', error: networkError }],
} satisfies { [K in PromoEvent['type']]: Extract<PromoEvent, { type: K }>[] } & {
  'xstate.done.actor.checkPromo': DoneEvent<'checkPromo', CheckPromoOutcome>[];
  'xstate.error.actor.checkPromo': ErrorEvent<'checkPromo'>[];
};

export const promoModel: Model<typeof promoMachine> = {
  machine: promoMachine,
  inputs: [{ label: 'cart', input: undefined as never }],
  events: flattenFixtures(promoFixtures),
  contextKeys: ['code', 'lines'],
};
