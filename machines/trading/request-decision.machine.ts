// A trader's decision on a request to follow their strategy (issue 32; calls §9: reviewed within 24 hours): one
// pending request's row on /investors. The trader accepts it (a pending connection, whose key is linked within 48 hours)
// or declines it with a reason (1-400 characters, with a counter). A request decided or expired meanwhile is refused
// by name: the row says so and the list is read again; accepting a full strategy is refused with its text. A failed
// call goes to the notifier and keeps the reason typed.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { reasonCode, serverReasonCode } from './reason.schema';
import type {
  DecideOutcome,
  DecideRequest,
  DecisionRefusal,
  RequestDecisionContext,
  RequestDecisionEvent,
  RequestDecisionInput,
} from './request-decision.types';

export const requestDecisionMachine = setup({
  types: {
    context: {} as RequestDecisionContext,
    events: {} as RequestDecisionEvent,
    input: {} as RequestDecisionInput,
  },
  actors: {
    /** investorRequestDecide: accepted, or declined with the reason. */
    decideRequest: notProvidedActor<DecideOutcome, DecideRequest>('decideRequest'),
  },
  actions: {
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** The notifier says what was decided (the row leaves the pending list as it is read again). */
    announceDecision: notProvidedAction('announceDecision'),
    /** The trader's strategies, followers and requests are read again. */
    refreshInvestors: notProvidedAction('refreshInvestors'),
    assignDecided: assign({ decided: ({ event }) => valueOf((event as unknown as { output: DecideOutcome }).output), refusal: null, error: null }),
    assignRefusal: assign({ refusal: ({ event }) => failureOf(event) as DecisionRefusal, error: ({ event }) => errorOf(event) }),
  },
  guards: {
    isReasonValid: ({ context }) => reasonCode(context.reason) === null,
    succeeded: ({ event }) => failureOf(event) === null,
    isAlreadyDecided: ({ event }) => failureOf(event) === 'RequestDecided',
  },
}).createMachine({
  id: 'requestDecision',
  context: ({ input }) => ({ requestId: input.requestId, reason: '', reasonError: null, decided: null, refusal: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      meta: { description: 'The request with the time left to decide: Accept or Decline.' },
      on: {
        'request.accept': { target: 'accepting', actions: assign({ refusal: null }), meta: { description: 'Trader accepts' } },
        'decline.open': { target: 'declining', actions: assign({ refusal: null }), meta: { description: 'Trader chooses Decline' } },
      },
    },
    declining: {
      meta: { description: 'The trader says why they decline (1-400 characters, with a counter) and confirms.' },
      tags: ['editable'],
      on: {
        'reason.change': { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
        'decline.confirm': [
          { guard: 'isReasonValid', target: 'sendingDecline', actions: assign({ reasonError: null, error: null, refusal: null }), meta: { description: 'Trader declines with a reason' } },
          {
            actions: assign({ reasonError: ({ context }) => reasonCode(context.reason) }),
            meta: { description: 'The reason is missing or too long: the message is beside it.' },
          },
        ],
        'decline.cancel': { target: 'idle', meta: { description: 'Trader goes back; the reason typed stays.' } },
      },
    },
    accepting: {
      meta: { description: 'The acceptance is being sent.' },
      tags: ['busy'],
      invoke: {
        id: 'decideRequest',
        src: 'decideRequest',
        input: ({ context }) => ({ requestId: context.requestId, accept: true, reason: null }),
        onDone: [
          {
            guard: 'succeeded',
            target: 'decided',
            actions: ['assignDecided', 'announceDecision', 'refreshInvestors'],
            meta: { description: 'Accepted: the follower’s key is linked within 48 hours.' },
          },
          {
            guard: 'isAlreadyDecided',
            target: 'alreadyDecided',
            actions: ['assignRefusal', 'refreshInvestors'],
            meta: { description: 'Decided or expired meanwhile: the row says so and the list is read again.' },
          },
          {
            target: 'idle',
            actions: ['assignRefusal', 'refreshInvestors'],
            meta: { description: 'The strategy is full: its text shows; the trader may decline.' },
          },
        ],
        onError: { target: 'idle', actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
      },
    },
    sendingDecline: {
      meta: { description: 'The decline is being sent; the reason stays as typed.' },
      tags: ['busy', 'editable'],
      invoke: {
        id: 'decideRequest',
        src: 'decideRequest',
        input: ({ context }) => ({ requestId: context.requestId, accept: false, reason: context.reason.trim() }),
        onDone: [
          {
            guard: 'succeeded',
            target: 'decided',
            actions: ['assignDecided', 'announceDecision', 'refreshInvestors'],
            meta: { description: 'Declined: the member sees the reason.' },
          },
          {
            target: 'alreadyDecided',
            actions: ['assignRefusal', 'refreshInvestors'],
            meta: { description: 'Decided or expired meanwhile: the row says so and the list is read again.' },
          },
        ],
        onError: {
          target: 'declining',
          actions: [assign({ error: ({ event }) => errorOf(event), reasonError: ({ event }) => serverReasonCode(event) }), 'notifyFailure'],
          meta: { description: 'Call failed, or the server refused the reason: the notifier or the field says why; the reason stays.' },
        },
      },
    },
    decided: {
      meta: { description: 'Decided: the row says accepted or declined until the list is read again.' },
    },
    alreadyDecided: {
      meta: { description: 'The request was already decided or has expired: the row says so; the list is read again.' },
    },
  },
});
