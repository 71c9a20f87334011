// "Verify the draw" (issue 29, "a draw anyone can verify"): on a drawn raffle the member (or anyone) asks the
// browser to recompute, from what the page shows, the seed's SHA-256 and the winners by the published rule
// (domain/lotteries.ts), and the page says whether both match what the server published. The computation is an
// actor the app provides (Web Crypto); the flow only says what was found.
import { assign, setup } from 'xstate';
import { notProvidedActor } from '../shared/not-provided';
import type { DrawCheck, DrawProof, VerifyDrawContext, VerifyDrawEvent } from './verify-draw.types';

export const verifyDrawMachine = setup({
  types: {
    context: {} as VerifyDrawContext,
    events: {} as VerifyDrawEvent,
    input: {} as { proof: DrawProof },
  },
  actors: {
    /** Recomputes the seed's hash and the winners in the browser. */
    checkDraw: notProvidedActor<DrawCheck, DrawProof>('checkDraw'),
  },
  guards: {
    matches: ({ event }) => {
      const check = (event as unknown as { output: DrawCheck }).output;
      return check.hashMatches && check.winnersMatch;
    },
  },
}).createMachine({
  id: 'verifyDraw',
  context: ({ input }) => ({ proof: input.proof, check: null }),
  initial: 'idle',
  states: {
    idle: {
      meta: { description: 'The proof as published (the seed, its hash, the tickets, the winners) and Verify the draw.' },
      on: { verify: { target: 'verifying', meta: { description: 'Member asks to verify' } } },
    },
    verifying: {
      meta: { description: 'The browser recomputes the hash and the winners.' },
      tags: ['busy'],
      invoke: {
        id: 'checkDraw',
        src: 'checkDraw',
        input: ({ context }) => context.proof,
        onDone: [
          { guard: 'matches', target: 'matched', actions: assign({ check: ({ event }) => event.output }), meta: { description: 'Both match' } },
          { target: 'mismatched', actions: assign({ check: ({ event }) => event.output }), meta: { description: 'The hash or the winners differ' } },
        ],
        onError: { target: 'failed', meta: { description: 'This browser cannot compute it (no Web Crypto).' } },
      },
    },
    matched: {
      meta: { description: 'The seed matches its published hash and gives exactly the published winners.' },
      on: { verify: { target: 'verifying', meta: { description: 'Member verifies again' } } },
    },
    mismatched: {
      meta: { description: 'What does not match: the hash, or the winners (with the ones the rule gives).' },
      on: { verify: { target: 'verifying', meta: { description: 'Member verifies again' } } },
    },
    failed: {
      meta: { description: 'The browser could not compute the check; the page says how to check it elsewhere.' },
      on: { verify: { target: 'verifying', meta: { description: 'Member tries again' } } },
    },
  },
});
