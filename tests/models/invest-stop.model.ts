import { investStopMachine } from '../../machines/investments/invest-stop.machine';
import type { InvestStopEvent, StopOutcome, StopQuoteOutcome } from '../../machines/investments/invest-stop.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { stoppedStarter } from './investments-fixtures';

const finished = failure({ code: 'server', reason: 'InvestmentFinished', message: 'This plan has finished.' });

export const investStopFixtures = {
  'dialog.open': [{ type: 'dialog.open', target: { id: '11', name: 'Starter', currency: 'USDT' } }],
  retry: [{ type: 'retry' }],
  'stop.confirm': [{ type: 'stop.confirm' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.quoteStop': [
    { type: 'xstate.done.actor.quoteStop', output: success({ finalAmount: '112.00', penalty: '11.20', payout: '88.80' }) },
    { type: 'xstate.done.actor.quoteStop', output: finished },
  ],
  'xstate.error.actor.quoteStop': [{ type: 'xstate.error.actor.quoteStop', error: networkError }],
  'xstate.done.actor.stopPlan': [
    { type: 'xstate.done.actor.stopPlan', output: success(stoppedStarter) },
    { type: 'xstate.done.actor.stopPlan', output: finished },
  ],
  'xstate.error.actor.stopPlan': [{ type: 'xstate.error.actor.stopPlan', error: networkError }],
} satisfies { [K in InvestStopEvent['type']]: Extract<InvestStopEvent, { type: K }>[] } & {
  'xstate.done.actor.quoteStop': DoneEvent<'quoteStop', StopQuoteOutcome>[];
  'xstate.error.actor.quoteStop': ErrorEvent<'quoteStop'>[];
  'xstate.done.actor.stopPlan': DoneEvent<'stopPlan', StopOutcome>[];
  'xstate.error.actor.stopPlan': ErrorEvent<'stopPlan'>[];
};

export const investStopModel: Model<typeof investStopMachine> = {
  machine: investStopMachine,
  inputs: [{ label: 'an active plan', input: { keyPrefix: 'invest-1:stop' } }],
  events: flattenFixtures(investStopFixtures),
  cover: 'transitions',
  contextKeys: ['error', 'idempotencyKey'],
};
