import { formErrorsOf, linkRequestMachine } from '../../machines/trading/link-request.machine';
import type { LinkFactsLoaded } from '../../machines/trading/copy-links.types';
import type { FollowingNow, LinkRequestContext, LinkRequestEvent, SendLinkOutcome } from '../../machines/trading/link-request.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import {
  acceptedRequest,
  activeBrief,
  declinedRequest,
  expiredRequest,
  failedBrief,
  freeAccountId,
  keyPendingBrief,
  keyPendingFacts,
  openFacts,
  overdueFacts,
  pendingFacts,
  pendingRequest,
  strategy02,
  followingFacts,
} from './copy-links-fixtures';

export const linkRequestFixtures = {
  'field.change': [
    { type: 'field.change', field: 'accountId', value: freeAccountId },
    { type: 'field.change', field: 'lotSize', value: '0' },
    { type: 'field.change', field: 'lotSize', value: '50' },
    { type: 'field.change', field: 'drawdownLimit', value: '20' },
  ],
  'request.submit': [{ type: 'request.submit' }],
  'request.again': [{ type: 'request.again' }],
  'load.retry': [{ type: 'load.retry' }],
  'page.hidden': [{ type: 'page.hidden' }],
  'page.visible': [{ type: 'page.visible' }],
  'xstate.done.actor.loadLinkFacts': [
    { type: 'xstate.done.actor.loadLinkFacts', output: openFacts },
    { type: 'xstate.done.actor.loadLinkFacts', output: overdueFacts },
    { type: 'xstate.done.actor.loadLinkFacts', output: pendingFacts },
    { type: 'xstate.done.actor.loadLinkFacts', output: followingFacts },
    { type: 'xstate.done.actor.loadLinkFacts', output: keyPendingFacts },
  ],
  'xstate.error.actor.loadLinkFacts': [{ type: 'xstate.error.actor.loadLinkFacts', error: networkError }],
  'xstate.done.actor.sendLinkRequest': [
    { type: 'xstate.done.actor.sendLinkRequest', output: success(pendingRequest) },
    {
      type: 'xstate.done.actor.sendLinkRequest',
      output: failure({ code: 'server', category: 'conflict', reason: 'StrategyFull', message: 'A trader reached the maximum number of followers.' }),
    },
  ],
  'xstate.error.actor.sendLinkRequest': [
    { type: 'xstate.error.actor.sendLinkRequest', error: networkError },
    {
      type: 'xstate.error.actor.sendLinkRequest',
      error: { code: 'validation', category: 'validation', fieldCodes: { 'settings.max_drawdown_percent': ['maxValue:100'] } },
    },
  ],
  'xstate.done.actor.fetchFollowing': [
    { type: 'xstate.done.actor.fetchFollowing', output: { request: pendingRequest, connection: null } },
    { type: 'xstate.done.actor.fetchFollowing', output: { request: acceptedRequest, connection: keyPendingBrief } },
    { type: 'xstate.done.actor.fetchFollowing', output: { request: null, connection: activeBrief } },
    { type: 'xstate.done.actor.fetchFollowing', output: { request: declinedRequest, connection: null } },
    { type: 'xstate.done.actor.fetchFollowing', output: { request: expiredRequest, connection: null } },
    { type: 'xstate.done.actor.fetchFollowing', output: { request: null, connection: failedBrief } },
  ],
  'xstate.error.actor.fetchFollowing': [{ type: 'xstate.error.actor.fetchFollowing', error: networkError }],
  'xstate.after.followPoll.linkRequest.following.waiting': [{ type: 'xstate.after.followPoll.linkRequest.following.waiting' }],
} satisfies { [K in LinkRequestEvent['type']]: Extract<LinkRequestEvent, { type: K }>[] } & {
  'xstate.done.actor.loadLinkFacts': DoneEvent<'loadLinkFacts', LinkFactsLoaded>[];
  'xstate.error.actor.loadLinkFacts': ErrorEvent<'loadLinkFacts'>[];
  'xstate.done.actor.sendLinkRequest': DoneEvent<'sendLinkRequest', SendLinkOutcome>[];
  'xstate.error.actor.sendLinkRequest': ErrorEvent<'sendLinkRequest'>[];
  'xstate.done.actor.fetchFollowing': DoneEvent<'fetchFollowing', FollowingNow>[];
  'xstate.error.actor.fetchFollowing': ErrorEvent<'fetchFollowing'>[];
  'xstate.after.followPoll.linkRequest.following.waiting': { type: string }[];
};

export const linkRequestModel: Model<typeof linkRequestMachine> = {
  machine: linkRequestMachine,
  inputs: [{ label: 'strategy 02', input: { strategy: strategy02, keyPrefix: 'link-1' } }],
  events: flattenFixtures(linkRequestFixtures),
  cover: 'transitions',
  // What the guards read: the refusal, the form's problems shown and not yet shown, the request's and the connection's
  // status; whether a key is held (a retry keeps it).
  contextKey: (context: LinkRequestContext) => [
    context.refusal,
    Object.keys(formErrorsOf(context)).sort().join(','),
    Object.keys(context.fieldErrors).sort().join(','),
    context.submitRefusal,
    context.request?.status ?? null,
    context.connection?.status ?? null,
    context.idempotencyKey !== null,
  ],
};
