// A follower's connection to a strategy (issue 32; calls §4 statuses, §5 reason at most 400, §8, §9): the page
// /connection/{id}. It loads the connection and shows it by status (pending with the key's 48-hour countdown, active,
// paused, drawdown exceeded, failed, suspended with its cause, disconnected), read again every 15 s while shown (not
// while the tab is hidden, and not once disconnected). The member may change the settings (lot size, drawdown limit,
// quote asset) of a pending, active or paused connection: a limit at or below the drawdown already reached stops it at
// once, as the server answers ("drawdown exceeded"). They may pause an active one, resume a paused one (refused while
// invoices are overdue or trading is suspended), and disconnect it with a reason (1-400 characters). A change the
// server refuses by name shows its text, keeps what was typed, and the connection is read again at once.
import { and, assign, not, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { connectionPoll } from '../../domain/timing';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import type { ConnectionRow } from './copy-links.types';
import { reasonCode, serverReasonCode } from './reason.schema';
import { hasErrors, serverSettingsErrors, settingsErrors, settingsInputOf, settingsValuesOf } from './copy-settings.schema';
import type { ConnectionContext, ConnectionEvent, ConnectionInput, ConnectionOutcome, ConnectionRefusal, UpdateConnectionRequest } from './connection.types';

/** The settings form's errors (the strategy's quote asset is the one offered). */
export const formErrorsOf = (context: Pick<ConnectionContext, 'values' | 'connection'>) =>
  settingsErrors(context.values, context.connection ? [context.connection.strategy.quoteAsset] : []);

const statusIs = (context: ConnectionContext, ...statuses: string[]) => context.connection !== null && statuses.includes(context.connection.status);

const changed = ({ event }: { event: unknown }) => valueOf((event as { output: ConnectionOutcome }).output);

export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
  },
  actors: {
    /** connection: the member's connection (or one to a strategy they run); another's or unknown: not_found. */
    loadConnection: notProvidedActor<ConnectionRow, { connectionId: string }>('loadConnection'),
    /** The same, read again while shown. */
    fetchConnection: notProvidedActor<ConnectionRow, { connectionId: string }>('fetchConnection'),
    updateConnection: notProvidedActor<ConnectionOutcome, UpdateConnectionRequest>('updateConnection'),
    pauseConnection: notProvidedActor<ConnectionOutcome, { connectionId: string }>('pauseConnection'),
    resumeConnection: notProvidedActor<ConnectionOutcome, { connectionId: string }>('resumeConnection'),
    /** connectionDisconnect with the member's reason; a disconnected one answers as it is. */
    disconnectConnection: notProvidedActor<ConnectionRow, { connectionId: string; reason: string }>('disconnectConnection'),
    /** Tells the flow when the tab is hidden and shown again (page.hidden, page.visible). */
    watchPage: notProvidedCallback('watchPage'),
  },
  actions: {
    /** A failed call's message goes to the notifier (calls §8); a field the server refused stays beside it. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** The member's connections, accounts and the strategy's page are fetched again (a place or a linking changed). */
    refreshLinks: notProvidedAction('refreshLinks'),
    assignConnection: assign({ connection: ({ event }) => (event as unknown as { output: ConnectionRow }).output, error: null }),
    assignChanged: assign({ connection: changed, refusal: null, error: null }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** Refused by name: its text shows and the connection is read again at once. */
    assignRefusal: assign({ refusal: ({ event }) => failureOf(event) as ConnectionRefusal, error: ({ event }) => errorOf(event), lookNow: true }),
  },
  guards: {
    isNotFound: ({ event }) => {
      const error = errorOf(event);
      return error.reason === 'AccountNotFound' || error.category === 'not_found' || error.code === 'validation';
    },
    /** Settings change while pending, active or paused. */
    canEdit: ({ context }) => statusIs(context, 'pending', 'active', 'paused'),
    canPause: ({ context }) => statusIs(context, 'active'),
    canResume: ({ context }) => statusIs(context, 'paused'),
    /** Any connection not yet disconnected may be. */
    canDisconnect: ({ context }) => context.connection !== null && context.connection.status !== 'disconnected',
    /** A disconnected connection never changes again: it is not read again. */
    isWatched: ({ context }) => context.connection !== null && context.connection.status !== 'disconnected',
    isLookWanted: ({ context }) => context.lookNow,
    isValid: ({ context }) => !hasErrors(formErrorsOf(context)),
    isReasonValid: ({ context }) => reasonCode(context.reason) === null,
    succeeded: ({ event }) => failureOf(event) === null,
    /** The change stopped the connection (a drawdown limit at or below the drawdown reached). */
    isStopped: ({ event }) => changed({ event }).status === 'drawdown exceeded',
  },
  delays: { connectionPoll },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({
    connectionId: input.connectionId,
    connection: null,
    values: { lotSize: '', drawdownLimit: '', quoteAsset: '' },
    fieldErrors: {},
    reason: '',
    reasonError: null,
    refusal: null,
    error: null,
    lookNow: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'The connection is loading.' },
      tags: ['loading'],
      invoke: {
        id: 'loadConnection',
        src: 'loadConnection',
        input: ({ context }) => ({ connectionId: context.connectionId }),
        onDone: { target: 'shown', actions: 'assignConnection', meta: { description: 'Connection loaded' } },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'assignError', meta: { description: 'No such connection of the member’s' } },
          { target: 'loadFailed', actions: 'assignError', meta: { description: 'Loading failed: the page says so with Try again.' } },
        ],
      },
    },
    loadFailed: {
      meta: { description: 'The connection could not be loaded: its message and Try again.' },
      on: { 'load.retry': { target: 'loading', meta: { description: 'Member retries' } } },
    },
    notFound: {
      meta: { description: '“Account or strategy not found.” with the way to the strategies.' },
    },
    shown: {
      meta: { description: 'The connection by status: account, strategy, settings, PnL since the start, drawdown and the copied trades.' },
      type: 'parallel',
      invoke: { id: 'watchPage', src: 'watchPage' },
      states: {
        poll: {
          meta: { description: 'The connection is read again every 15 s while shown.' },
          initial: 'waiting',
          states: {
            waiting: {
              meta: { description: 'The next look comes in 15 s (none once disconnected).' },
              always: { guard: 'isLookWanted', target: 'fetching', meta: { description: 'A change was refused: look at once' } },
              after: { connectionPoll: { guard: 'isWatched', target: 'fetching', meta: { description: 'Time to look' } } },
              on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
            },
            fetching: {
              meta: { description: 'The connection is read: its status, figures and trades.' },
              entry: assign({ lookNow: false }),
              invoke: {
                id: 'fetchConnection',
                src: 'fetchConnection',
                input: ({ context }) => ({ connectionId: context.connectionId }),
                onDone: { target: 'waiting', actions: 'assignConnection', meta: { description: 'Connection read' } },
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
        action: {
          meta: { description: 'What the member does with the connection.' },
          initial: 'idle',
          states: {
            idle: {
              meta: { description: 'The actions its status allows: Settings, Pause or Resume, Disconnect.' },
              on: {
                'settings.open': {
                  guard: 'canEdit',
                  target: 'editingSettings',
                  actions: assign(({ context }) => ({ values: settingsValuesOf(context.connection!.settings), fieldErrors: {}, refusal: null, error: null })),
                  meta: { description: 'Member changes the settings' },
                },
                'connection.pause': { guard: 'canPause', target: 'pausing', actions: assign({ refusal: null }), meta: { description: 'Member pauses' } },
                'connection.resume': { guard: 'canResume', target: 'resuming', actions: assign({ refusal: null }), meta: { description: 'Member resumes' } },
                'disconnect.open': {
                  guard: 'canDisconnect',
                  target: 'confirmingDisconnect',
                  actions: assign({ refusal: null, reasonError: null }),
                  meta: { description: 'Member chooses Disconnect' },
                },
              },
            },
            editingSettings: {
              meta: { description: 'The member changes the lot size, the drawdown limit or the quote asset (a limit at or below the drawdown stops it).' },
              tags: ['editable'],
              on: {
                'field.change': {
                  actions: assign({
                    values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
                    fieldErrors: ({ context, event }) => {
                      const { [event.field]: _changed, ...rest } = context.fieldErrors;
                      return rest;
                    },
                  }),
                },
                'settings.submit': [
                  {
                    guard: and(['isValid', 'canEdit']),
                    target: 'savingSettings',
                    actions: assign({ fieldErrors: {}, refusal: null, error: null }),
                    meta: { description: 'Member saves the settings' },
                  },
                  {
                    guard: not('isValid'),
                    actions: assign({ fieldErrors: ({ context }) => formErrorsOf(context) }),
                    meta: { description: 'A field breaks a rule: its message shows beside it.' },
                  },
                  {
                    target: 'idle',
                    meta: { description: 'The connection can no longer be changed (it stopped meanwhile): the form closes.' },
                  },
                ],
                'settings.cancel': { target: 'idle', meta: { description: 'Member keeps the settings as they are' } },
              },
            },
            savingSettings: {
              meta: { description: 'The settings are being saved; the form stays as typed.' },
              tags: ['busy', 'editable'],
              invoke: {
                id: 'updateConnection',
                src: 'updateConnection',
                input: ({ context }) => ({ connectionId: context.connectionId, settings: settingsInputOf(context.values) }),
                onDone: [
                  {
                    guard: and(['succeeded', 'isStopped']),
                    target: 'idle',
                    actions: ['assignChanged', 'refreshLinks'],
                    meta: { description: 'Saved with a limit at or below the drawdown: the connection stopped (drawdown exceeded).' },
                  },
                  { guard: 'succeeded', target: 'idle', actions: 'assignChanged', meta: { description: 'Settings saved' } },
                  {
                    target: 'editingSettings',
                    actions: 'assignRefusal',
                    meta: { description: 'Refused (the status changed meanwhile): its text shows, the values stay, the connection is read again.' },
                  },
                ],
                onError: {
                  target: 'editingSettings',
                  actions: ['assignError', assign({ fieldErrors: ({ event }) => serverSettingsErrors(errorOf(event)) }), 'notifyFailure'],
                  meta: { description: 'Call failed, or the server named fields: the notifier or the fields say why; the values stay.' },
                },
              },
            },
            pausing: {
              meta: { description: 'The connection is being paused.' },
              tags: ['busy'],
              invoke: {
                id: 'pauseConnection',
                src: 'pauseConnection',
                input: ({ context }) => ({ connectionId: context.connectionId }),
                onDone: [
                  { guard: 'succeeded', target: 'idle', actions: 'assignChanged', meta: { description: 'Paused: no trades are copied.' } },
                  { target: 'idle', actions: 'assignRefusal', meta: { description: 'Refused (no longer active): its text shows; the connection is read again.' } },
                ],
                onError: { target: 'idle', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
              },
            },
            resuming: {
              meta: { description: 'The connection is being resumed.' },
              tags: ['busy'],
              invoke: {
                id: 'resumeConnection',
                src: 'resumeConnection',
                input: ({ context }) => ({ connectionId: context.connectionId }),
                onDone: [
                  { guard: 'succeeded', target: 'idle', actions: 'assignChanged', meta: { description: 'Resumed: trades are copied again.' } },
                  {
                    target: 'idle',
                    actions: 'assignRefusal',
                    meta: { description: 'Refused (overdue invoices, suspended trading, or no longer paused): its text and the way out show.' },
                  },
                ],
                onError: { target: 'idle', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
              },
            },
            confirmingDisconnect: {
              meta: { description: 'The member says why they disconnect (at most 400 characters, with a counter) and confirms.' },
              tags: ['editable'],
              on: {
                'reason.change': { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
                'disconnect.confirm': [
                  {
                    guard: 'isReasonValid',
                    target: 'disconnecting',
                    actions: assign({ reasonError: null, error: null }),
                    meta: { description: 'Member confirms with a reason' },
                  },
                  {
                    actions: assign({ reasonError: ({ context }) => reasonCode(context.reason) }),
                    meta: { description: 'The reason is missing or too long: the message is beside it.' },
                  },
                ],
                'disconnect.cancel': { target: 'idle', meta: { description: 'Member keeps the connection; the reason typed stays.' } },
              },
            },
            disconnecting: {
              meta: { description: 'The connection is being disconnected.' },
              tags: ['busy', 'editable'],
              invoke: {
                id: 'disconnectConnection',
                src: 'disconnectConnection',
                input: ({ context }) => ({ connectionId: context.connectionId, reason: context.reason.trim() }),
                onDone: {
                  target: 'idle',
                  actions: ['assignConnection', 'refreshLinks'],
                  meta: { description: 'Disconnected: the page shows it with the reason.' },
                },
                onError: {
                  target: 'confirmingDisconnect',
                  actions: ['assignError', assign({ reasonError: ({ event }) => serverReasonCode(event) }), 'notifyFailure'],
                  meta: { description: 'Call failed, or the server refused the reason: the notifier or the field says why; the reason stays.' },
                },
              },
            },
          },
        },
      },
    },
  },
});
