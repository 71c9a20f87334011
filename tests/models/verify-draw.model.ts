import { verifyDrawMachine } from '../../machines/lotteries/verify-draw.machine';
import type { DrawCheck, VerifyDrawContext, VerifyDrawEvent } from '../../machines/lotteries/verify-draw.types';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { drawnRaffle } from './lotteries-fixtures';

export const drawProof = {
  seed: drawnRaffle.seed!,
  seedHash: drawnRaffle.seedHash,
  tickets: drawnRaffle.drawnTickets,
  winners: drawnRaffle.winners.map((winner) => winner.ticket),
};

export const verifyDrawFixtures = {
  verify: [{ type: 'verify' }],
  'xstate.done.actor.checkDraw': [
    { type: 'xstate.done.actor.checkDraw', output: { hashMatches: true, winnersMatch: true, recomputed: [7] } },
    { type: 'xstate.done.actor.checkDraw', output: { hashMatches: true, winnersMatch: false, recomputed: [12] } },
  ],
  'xstate.error.actor.checkDraw': [{ type: 'xstate.error.actor.checkDraw', error: new Error('No Web Crypto') }],
} satisfies { [K in VerifyDrawEvent['type']]: Extract<VerifyDrawEvent, { type: K }>[] } & {
  'xstate.done.actor.checkDraw': DoneEvent<'checkDraw', DrawCheck>[];
  'xstate.error.actor.checkDraw': ErrorEvent<'checkDraw'>[];
};

export const verifyDrawModel: Model<typeof verifyDrawMachine> = {
  machine: verifyDrawMachine,
  inputs: [{ label: 'the drawn Demo Raffle', input: { proof: drawProof } }],
  events: flattenFixtures(verifyDrawFixtures),
  cover: 'transitions',
  contextKey: (context: VerifyDrawContext) => [context.check ? `${context.check.hashMatches}:${context.check.winnersMatch}` : 'none'],
};
