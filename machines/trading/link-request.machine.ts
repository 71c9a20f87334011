// Asking to follow a strategy (issue 32; calls §8, §9): the Connect panel on a strategy's page. It first weighs what
// the server would refuse, before the member starts: their own strategy, the probation period, a full strategy,
// overdue invoices, suspended trading, the services' linkings, and no connected account that meets the minimum
// deposit; each refusal shows its text and the way out (/invoices, /tariffs, /my-accounts). A member who already asked
// or follows the strategy sees that instead. Otherwise the member picks one of their accounts that may follow it, a
// lot size (100 %, read 1:1), a drawdown limit (optional) and the quote asset; each field's problem shows beside it.
// Each attempt has one idempotency key, kept when a failed call is sent again, so one request is made at most; a
// refusal by the server brings the member back to the form with everything typed and the refusal's text. A pending
// request counts down the trader's 24-hour review and is looked at every 15 s (not while the tab is hidden): accepted,
// the connection's key is linked within 48 hours (counted down too), then it is active and links to its page; declined
// shows the trader's reason; expired, or a key not linked in time, says so. The member may then ask again.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { connectionPoll, linkRequestPoll } from '../../domain/timing';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import type { ConnectionBrief, LinkFactsLoaded } from './copy-links.types';
import { defaultSettingsValues, hasErrors, serverSettingsErrors } from './copy-settings.schema';
import { defaultAccountId, eligibleAccounts, linkErrors, linkRequestOf, panelRefusal, type SubmitRefusal } from './link-request.schema';
import type { FollowingAsk, FollowingNow, LinkRequestContext, LinkRequestEvent, LinkRequestInput, SendLinkOutcome, SendLinkRequest } from './link-request.types';

/** The form's errors for its values against what was weighed. */
export const formErrorsOf = (context: Pick<LinkRequestContext, 'values' | 'loaded'>) => linkErrors(context.values, context.loaded);

const attemptOfValues = (context: LinkRequestContext) => JSON.stringify(linkRequestOf(context.strategy.id, context.values));

/** A connection the member still has (a failed or disconnected one leaves them free to ask again). */
const isOpen = (connection: ConnectionBrief | null) => connection !== null && connection.status !== 'failed' && connection.status !== 'disconnected';

const followingOut = (event: unknown) => (event as { output: FollowingNow }).output;

export const linkRequestMachine = setup({
  types: {
    context: {} as LinkRequestContext,
    events: {} as LinkRequestEvent,
    input: {} as LinkRequestInput,
  },
  actors: {
    /** The strategy now, the member's request and connection to it, their accounts, suspensions and linkings. */
    loadLinkFacts: notProvidedActor<LinkFactsLoaded, { strategyId: string }>('loadLinkFacts'),
    /** copyTradingLinkRequest, once per idempotency key. */
    sendLinkRequest: notProvidedActor<SendLinkOutcome, SendLinkRequest>('sendLinkRequest'),
    /** The request as it is now, and the connection it became once accepted (or the connection alone, once known). */
    fetchFollowing: notProvidedActor<FollowingNow, FollowingAsk>('fetchFollowing'),
    /** Tells the flow when the tab is hidden and shown again (page.hidden, page.visible). */
    watchPage: notProvidedCallback('watchPage'),
  },
  actions: {
    /** A failed call's message goes to the notifier (calls §8); a field the server refused stays beside it. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** The strategy's page, the member's accounts and services are fetched again (a place and a linking are taken). */
    refreshLinks: notProvidedAction('refreshLinks'),
    assignLoaded: assign(({ context, event }) => {
      const loaded = (event as unknown as { output: LinkFactsLoaded }).output;
      const offered = eligibleAccounts(loaded).some((account) => account.id === context.values.accountId);
      return {
        loaded,
        strategy: loaded.strategy,
        refusal: panelRefusal(loaded),
        request: loaded.myRequest,
        // A failed connection leaves the member free to ask again: it is not followed.
        connection: isOpen(loaded.myConnection) ? loaded.myConnection : null,
        values: { ...context.values, accountId: offered ? context.values.accountId : defaultAccountId(loaded) },
        error: null,
      };
    }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    assignFollowing: assign(({ context, event }) => {
      const now = followingOut(event);
      return { request: now.request ?? context.request, connection: now.connection ?? context.connection };
    }),
    /** A new attempt unless the same answers are sent again with their key not yet spent. */
    beginAttempt: assign(({ context }) => {
      const answers = attemptOfValues(context);
      const same = context.idempotencyKey !== null && context.attemptOf === answers;
      return {
        fieldErrors: {},
        error: null,
        submitRefusal: null,
        ...(same ? {} : { attempt: context.attempt + 1, idempotencyKey: `${context.keyPrefix}:${context.attempt + 1}`, attemptOf: answers }),
      };
    }),
    /** Refused by name: nothing was stored, so the next send is a new attempt with a new key. */
    assignSubmitRefusal: assign(({ event }) => ({
      submitRefusal: failureOf(event) as SubmitRefusal,
      error: errorOf(event),
      idempotencyKey: null,
      attemptOf: null,
    })),
    /** Asking again starts from what the server says now; the settings typed stay. */
    startAgain: assign({ request: null, connection: null, submitRefusal: null, error: null, fieldErrors: {} }),
  },
  guards: {
    hasOpenConnection: ({ context }) => isOpen(context.connection) && context.connection?.status !== 'pending',
    /** A pending request, or an accepted one whose key is being linked. */
    isAwaited: ({ context }) => context.connection?.status === 'pending' || context.request?.status === 'pending',
    isRefused: ({ context }) => context.refusal !== null,
    isValid: ({ context }) => !hasErrors(formErrorsOf(context)),
    /** The account list offers only accounts that may follow the strategy. */
    isOffered: ({ context, event }) => {
      if (event.type !== 'field.change' || event.field !== 'accountId') return event.type === 'field.change';
      return event.value === '' || (context.loaded !== null && eligibleAccounts(context.loaded).some((account) => account.id === event.value));
    },
    succeeded: ({ event }) => failureOf(event) === null,
    /** The key is linked: the connection is active (or already paused, ...). */
    isLinked: ({ event }) => {
      const { connection } = followingOut(event);
      return connection !== null && isOpen(connection) && connection.status !== 'pending';
    },
    /** Declined, expired unreviewed, or the key was not linked in time. */
    isEnded: ({ event }) => {
      const { request, connection } = followingOut(event);
      return (connection !== null && !isOpen(connection)) || request?.status === 'declined' || request?.status === 'failed';
    },
  },
  delays: {
    /** The request while the trader reviews it (linkRequestPoll), then its connection while the key is linked (connectionPoll). */
    followPoll: ({ context }) => (context.connection ? connectionPoll : linkRequestPoll),
  },
}).createMachine({
  id: 'linkRequest',
  context: ({ input }) => ({
    strategy: input.strategy,
    keyPrefix: input.keyPrefix,
    loaded: null,
    refusal: null,
    values: { accountId: '', ...defaultSettingsValues(input.strategy.quoteAsset) },
    fieldErrors: {},
    submitRefusal: null,
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    request: null,
    connection: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'What the server would refuse is weighed: the strategy now, the member’s accounts, invoices, suspensions and linkings.' },
      tags: ['loading'],
      invoke: {
        id: 'loadLinkFacts',
        src: 'loadLinkFacts',
        input: ({ context }) => ({ strategyId: context.strategy.id }),
        onDone: { target: 'checking', actions: 'assignLoaded', meta: { description: 'Weighed' } },
        onError: { target: 'loadFailed', actions: 'assignError', meta: { description: 'Loading failed: the panel says so with Try again.' } },
      },
    },
    loadFailed: {
      meta: { description: 'What linking needs could not be loaded: its message and Try again.' },
      on: { 'load.retry': { target: 'loading', meta: { description: 'Member retries' } } },
    },
    checking: {
      meta: { description: 'Whether the member already follows or asked, may not ask, or may fill in the form.' },
      always: [
        { guard: 'hasOpenConnection', target: 'linked', meta: { description: 'The member already follows the strategy.' } },
        { guard: 'isAwaited', target: 'following', meta: { description: 'The member already asked: the trader reviews it, or the key is being linked.' } },
        { guard: 'isRefused', target: 'refused', meta: { description: 'A refusal applies before the member starts.' } },
        { target: 'editing', meta: { description: 'The member may ask' } },
      ],
    },
    refused: {
      meta: {
        description:
          'Why the member cannot ask (own strategy, probation, full, overdue invoices, suspended trading, no linkings left, no account meets the minimum) and the way out.',
      },
      on: { 'load.retry': { target: 'loading', meta: { description: 'Member checks again (after paying, upgrading or adding an account).' } } },
    },
    editing: {
      meta: { description: 'The member picks an account that may follow, the lot size (1:1 by default), a drawdown limit and the quote asset.' },
      tags: ['editable'],
      on: {
        'field.change': {
          guard: 'isOffered',
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
            fieldErrors: ({ context, event }) => {
              const { [event.field]: _changed, ...rest } = context.fieldErrors;
              return rest;
            },
          }),
        },
        'request.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'beginAttempt', meta: { description: 'Member asks to follow' } },
          {
            actions: assign({ fieldErrors: ({ context }) => formErrorsOf(context) }),
            meta: { description: 'A field breaks a rule: its message shows beside it.' },
          },
        ],
      },
    },
    submitting: {
      meta: { description: 'The request is being made (once per attempt); the form stays as typed.' },
      tags: ['busy', 'editable'],
      invoke: {
        id: 'sendLinkRequest',
        src: 'sendLinkRequest',
        input: ({ context }) => ({ ...linkRequestOf(context.strategy.id, context.values), idempotencyKey: context.idempotencyKey! }),
        onDone: [
          {
            guard: 'succeeded',
            target: 'following',
            actions: [
              assign(({ event }) => ({ request: valueOf(event.output), connection: null, idempotencyKey: null, attemptOf: null })),
              'refreshLinks',
            ],
            meta: { description: 'Request made: the trader has 24 hours to review it.' },
          },
          {
            target: 'editing',
            actions: 'assignSubmitRefusal',
            meta: { description: 'The server refused it (the strategy filled meanwhile, ...): its text shows; everything typed stays.' },
          },
        ],
        // Unknown whether it was made: sending the same answers again uses the same key, so it is made once at most.
        onError: {
          target: 'editing',
          actions: ['assignError', assign({ fieldErrors: ({ event }) => serverSettingsErrors(errorOf(event)) }), 'notifyFailure'],
          meta: { description: 'Call failed, or the server named fields: the notifier or the fields say why; the values stay.' },
        },
      },
    },
    following: {
      meta: {
        description:
          'The trader reviews the request within 24 hours, then the member’s key is linked within 48 hours; each is counted down, and looked at every 15 s.',
      },
      invoke: { id: 'watchPage', src: 'watchPage' },
      initial: 'waiting',
      states: {
        waiting: {
          meta: { description: 'The next look comes in 15 s.' },
          after: { followPoll: { target: 'fetching', meta: { description: 'Time to look' } } },
          on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
        },
        fetching: {
          meta: { description: 'The request is read (and its connection once accepted): still waiting, linked, or ended.' },
          invoke: {
            id: 'fetchFollowing',
            src: 'fetchFollowing',
            input: ({ context }) => ({ requestId: context.request?.id ?? null, connectionId: context.connection?.id ?? null }),
            onDone: [
              {
                guard: 'isLinked',
                target: '#linkRequest.linked',
                actions: ['assignFollowing', 'refreshLinks'],
                meta: { description: 'Accepted and the key linked: the connection is active.' },
              },
              {
                guard: 'isEnded',
                target: '#linkRequest.ended',
                actions: ['assignFollowing', 'refreshLinks'],
                meta: { description: 'Declined, expired unreviewed, or the key was not linked in 48 hours.' },
              },
              { target: 'waiting', actions: 'assignFollowing', meta: { description: 'Still under review, or accepted with the key being linked' } },
            ],
            // A failed look is tried again at the next one.
            onError: { target: 'waiting', meta: { description: 'Look failed' } },
          },
          on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
        },
        paused: {
          meta: { description: 'The tab is hidden: no looks until it shows again, then one at once.' },
          on: { 'page.visible': { target: 'fetching', meta: { description: 'Tab shown again' } } },
        },
      },
    },
    linked: {
      meta: { description: 'The member follows the strategy: the connection’s status and a link to its page.' },
    },
    ended: {
      meta: {
        description: 'The trader declined (with their reason), the request expired unreviewed, or the key was not linked in time: the member may ask again.',
      },
      on: { 'request.again': { target: 'loading', actions: 'startAgain', meta: { description: 'Member asks again' } } },
    },
  },
});
