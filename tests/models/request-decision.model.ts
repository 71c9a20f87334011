import { requestDecisionMachine } from '../../machines/trading/request-decision.machine';
import { reasonCode } from '../../machines/trading/reason.schema';
import type { DecideOutcome, RequestDecisionContext, RequestDecisionEvent } from '../../machines/trading/request-decision.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { acceptedRequest, declinedRequest, pendingRequest } from './copy-links-fixtures';

export const requestDecisionFixtures = {
  'request.accept': [{ type: 'request.accept' }],
  'decline.open': [{ type: 'decline.open' }],
  'decline.cancel': [{ type: 'decline.cancel' }],
  'reason.change': [
    { type: 'reason.change', value: 'Your lot size is too large for this strategy.' },
    { type: 'reason.change', value: 'x'.repeat(401) },
  ],
  'decline.confirm': [{ type: 'decline.confirm' }],
  'xstate.done.actor.decideRequest': [
    { type: 'xstate.done.actor.decideRequest', output: success(acceptedRequest) },
    { type: 'xstate.done.actor.decideRequest', output: success(declinedRequest) },
    {
      type: 'xstate.done.actor.decideRequest',
      output: failure({ code: 'server', category: 'conflict', reason: 'RequestDecided', message: 'This request was already decided or has expired.' }),
    },
    {
      type: 'xstate.done.actor.decideRequest',
      output: failure({ code: 'server', category: 'conflict', reason: 'StrategyFull', message: 'A trader reached the maximum number of followers.' }),
    },
  ],
  'xstate.error.actor.decideRequest': [
    { type: 'xstate.error.actor.decideRequest', error: networkError },
    { type: 'xstate.error.actor.decideRequest', error: { code: 'validation', category: 'validation', fieldCodes: { reason: ['maxLength:400'] } } },
  ],
} satisfies { [K in RequestDecisionEvent['type']]: Extract<RequestDecisionEvent, { type: K }>[] } & {
  'xstate.done.actor.decideRequest': DoneEvent<'decideRequest', DecideOutcome>[];
  'xstate.error.actor.decideRequest': ErrorEvent<'decideRequest'>[];
};

export const requestDecisionModel: Model<typeof requestDecisionMachine> = {
  machine: requestDecisionMachine,
  inputs: [{ label: 'request 901', input: { requestId: pendingRequest.id } }],
  events: flattenFixtures(requestDecisionFixtures),
  cover: 'transitions',
  // What the guards read: whether the reason may be sent; whether a refusal or a problem shows.
  contextKey: (context: RequestDecisionContext) => [reasonCode(context.reason) === null, context.reasonError, context.refusal],
};
