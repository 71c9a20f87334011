// Promo code (spec §4 "Promo code", §5 "Promo input", calls §7 "Reactions"): the member types a code (trimmed;
// Apply only when it is not empty) and applies it; the server's answer names the products and categories it
// covers. A code that covers every product in the cart is kept, with its discount (units: a flat amount;
// percent: of the cart total); one that does not, or one the server refuses, is cleared together with what
// was typed (spec §4 "Promo code"), and the reason goes to the notifier (calls §8).
// When the cart's products change, a kept code is checked again.
import { and, assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, valueOf, type AppError } from '../../domain/app-error';
import type { AppliedPromo, CartLine } from './shop.types';
import { coversEveryLine } from './totals';
import type { CheckPromoOutcome, PromoContext, PromoEvent } from './promo.types';

const notCovering: AppError = { code: 'server', reason: 'PromoNotCovering' };

const productIdsOf = (lines: readonly CartLine[]) => [...new Set(lines.map((line) => line.product.id))].sort().join(',');

export const promoMachine = setup({
  types: {
    context: {} as PromoContext,
    events: {} as PromoEvent,
  },
  actors: {
    /** Asks the server about the code for the cart's products. */
    checkPromo: notProvidedActor<CheckPromoOutcome, { code: string; productIds: string[] }>('checkPromo'),
  },
  actions: {
    assignLines: assign({ lines: ({ event }) => (event.type === 'cart.changed' ? event.lines : []) }),
    keepPromo: assign((_, { promo }: { promo: AppliedPromo }) => ({ applied: promo, error: null })),
    dropPromo: assign({ applied: null }),
    /** A refused or non-covering code goes, and with it what was typed. */
    dropTypedCode: assign({ applied: null, code: '' }),
    /** The reason (context.error, assigned just before) goes to the notifier. */
    notifyFailure: notProvidedAction('notifyFailure'),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    assignNotCovering: assign({ error: notCovering }),
  },
  guards: {
    hasCode: ({ context }) => context.code.trim() !== '',
    hasLines: ({ event }) => event.type === 'cart.changed' && event.lines.length > 0,
    /** Another set of products (a changed quantity needs no new check: the discount follows the total). */
    productsChanged: ({ context, event }) =>
      event.type === 'cart.changed' && productIdsOf(event.lines) !== productIdsOf(context.lines),
    succeeded: ({ event }) => failureOf(event) === null,
    coversCart: ({ context }, { output }: { output: CheckPromoOutcome }) => output.ok && coversEveryLine(output.value, context.lines),
  },
}).createMachine({
  id: 'promo',
  context: { code: '', applied: null, error: null, lines: [] },
  initial: 'idle',
  states: {
    idle: {
      meta: { description: 'No code is applied; the member may type one.' },
      tags: ['editable'],
      on: {
        // The input shows only here: while the code is checked it is read-only, once applied it gives way to the code.
        'promo.change': { actions: assign({ code: ({ event }) => event.code, error: null }) },
        'promo.apply': {
          guard: 'hasCode',
          target: 'checking',
          actions: assign({ code: ({ context }) => context.code.trim(), error: null }),
          meta: { description: 'Member applies a code' },
        },
        'cart.changed': { actions: 'assignLines' },
      },
    },
    checking: {
      meta: { description: 'The server checks the code against the cart.' },
      tags: ['busy'],
      invoke: {
        id: 'checkPromo',
        src: 'checkPromo',
        input: ({ context }) => ({ code: context.code, productIds: context.lines.map((line) => line.product.id) }),
        onDone: [
          {
            guard: { type: 'coversCart', params: ({ event }) => ({ output: event.output }) },
            target: 'applied',
            actions: { type: 'keepPromo', params: ({ event }) => ({ promo: valueOf(event.output) }) },
            meta: { description: 'Code covers the cart' },
          },
          {
            guard: 'succeeded',
            target: 'idle',
            meta: { description: 'The code does not cover every product in the cart: cleared, with the reason.' },
            actions: ['dropTypedCode', 'assignNotCovering', 'notifyFailure'],
          },
          { target: 'idle', actions: ['dropTypedCode', 'assignError', 'notifyFailure'], meta: { description: 'Code refused' } },
        ],
        onError: { target: 'idle', actions: ['dropTypedCode', 'assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
      },
    },
    applied: {
      meta: { description: 'The code covers the cart; its discount shows.' },
      tags: ['editable'],
      on: {
        'promo.clear': {
          target: 'idle',
          actions: ['dropPromo', assign({ code: '', error: null })],
          meta: { description: 'Member removes the code' },
        },
        'cart.changed': [
          {
            guard: and(['hasLines', 'productsChanged']),
            target: 'checking',
            actions: 'assignLines',
            meta: { description: 'Cart products changed' },
          },
          { guard: 'hasLines', actions: 'assignLines' },
          // An empty cart has nothing to discount.
          { target: 'idle', actions: ['assignLines', 'dropPromo'], meta: { description: 'Cart emptied' } },
        ],
      },
    },
  },
});
