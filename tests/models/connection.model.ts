import { connectionMachine, formErrorsOf } from '../../machines/trading/connection.machine';
import { reasonCode } from '../../machines/trading/reason.schema';
import type { ConnectionRow } from '../../machines/trading/copy-links.types';
import type { ConnectionContext, ConnectionEvent, ConnectionOutcome } from '../../machines/trading/connection.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { activeConnection, disconnectedConnection, pausedConnection, resizedConnection, stoppedConnection } from './copy-links-fixtures';

const stateChanged = failure({
  code: 'server',
  category: 'conflict',
  reason: 'ConnectionStateChanged',
  message: 'This connection’s status has changed meanwhile.',
});

export const connectionFixtures = {
  'load.retry': [{ type: 'load.retry' }],
  'settings.open': [{ type: 'settings.open' }],
  'settings.cancel': [{ type: 'settings.cancel' }],
  'field.change': [
    { type: 'field.change', field: 'lotSize', value: '75' },
    { type: 'field.change', field: 'lotSize', value: '600' },
  ],
  'settings.submit': [{ type: 'settings.submit' }],
  'connection.pause': [{ type: 'connection.pause' }],
  'connection.resume': [{ type: 'connection.resume' }],
  'disconnect.open': [{ type: 'disconnect.open' }],
  'disconnect.cancel': [{ type: 'disconnect.cancel' }],
  'reason.change': [
    { type: 'reason.change', value: 'Taking a break' },
    { type: 'reason.change', value: 'x'.repeat(401) },
  ],
  'disconnect.confirm': [{ type: 'disconnect.confirm' }],
  'page.hidden': [{ type: 'page.hidden' }],
  'page.visible': [{ type: 'page.visible' }],
  'xstate.done.actor.loadConnection': [
    { type: 'xstate.done.actor.loadConnection', output: activeConnection },
  ],
  'xstate.error.actor.loadConnection': [
    { type: 'xstate.error.actor.loadConnection', error: networkError },
    { type: 'xstate.error.actor.loadConnection', error: { code: 'server', category: 'not_found', reason: 'AccountNotFound' } },
  ],
  'xstate.done.actor.fetchConnection': [
    { type: 'xstate.done.actor.fetchConnection', output: activeConnection },
    { type: 'xstate.done.actor.fetchConnection', output: stoppedConnection },
  ],
  'xstate.error.actor.fetchConnection': [{ type: 'xstate.error.actor.fetchConnection', error: networkError }],
  'xstate.done.actor.updateConnection': [
    { type: 'xstate.done.actor.updateConnection', output: success(resizedConnection) },
    { type: 'xstate.done.actor.updateConnection', output: success(stoppedConnection) },
    { type: 'xstate.done.actor.updateConnection', output: stateChanged },
  ],
  'xstate.error.actor.updateConnection': [
    { type: 'xstate.error.actor.updateConnection', error: networkError },
    { type: 'xstate.error.actor.updateConnection', error: { code: 'validation', category: 'validation', fieldCodes: { 'settings.lot_size_percent': ['maxValue:500'] } } },
  ],
  'xstate.done.actor.pauseConnection': [
    { type: 'xstate.done.actor.pauseConnection', output: success(pausedConnection) },
    { type: 'xstate.done.actor.pauseConnection', output: stateChanged },
  ],
  'xstate.error.actor.pauseConnection': [{ type: 'xstate.error.actor.pauseConnection', error: networkError }],
  'xstate.done.actor.resumeConnection': [
    { type: 'xstate.done.actor.resumeConnection', output: success(activeConnection) },
    {
      type: 'xstate.done.actor.resumeConnection',
      output: failure({ code: 'server', category: 'conflict', reason: 'OverdueInvoices', message: 'Copy trading suspended because of overdue invoices.' }),
    },
  ],
  'xstate.error.actor.resumeConnection': [{ type: 'xstate.error.actor.resumeConnection', error: networkError }],
  'xstate.done.actor.disconnectConnection': [{ type: 'xstate.done.actor.disconnectConnection', output: disconnectedConnection }],
  'xstate.error.actor.disconnectConnection': [
    { type: 'xstate.error.actor.disconnectConnection', error: networkError },
    { type: 'xstate.error.actor.disconnectConnection', error: { code: 'validation', category: 'validation', fieldCodes: { reason: ['maxLength:400'] } } },
  ],
  'xstate.after.connectionPoll.connection.shown.poll.waiting': [{ type: 'xstate.after.connectionPoll.connection.shown.poll.waiting' }],
} satisfies { [K in ConnectionEvent['type']]: Extract<ConnectionEvent, { type: K }>[] } & {
  'xstate.done.actor.loadConnection': DoneEvent<'loadConnection', ConnectionRow>[];
  'xstate.error.actor.loadConnection': ErrorEvent<'loadConnection'>[];
  'xstate.done.actor.fetchConnection': DoneEvent<'fetchConnection', ConnectionRow>[];
  'xstate.error.actor.fetchConnection': ErrorEvent<'fetchConnection'>[];
  'xstate.done.actor.updateConnection': DoneEvent<'updateConnection', ConnectionOutcome>[];
  'xstate.error.actor.updateConnection': ErrorEvent<'updateConnection'>[];
  'xstate.done.actor.pauseConnection': DoneEvent<'pauseConnection', ConnectionOutcome>[];
  'xstate.error.actor.pauseConnection': ErrorEvent<'pauseConnection'>[];
  'xstate.done.actor.resumeConnection': DoneEvent<'resumeConnection', ConnectionOutcome>[];
  'xstate.error.actor.resumeConnection': ErrorEvent<'resumeConnection'>[];
  'xstate.done.actor.disconnectConnection': DoneEvent<'disconnectConnection', ConnectionRow>[];
  'xstate.error.actor.disconnectConnection': ErrorEvent<'disconnectConnection'>[];
  'xstate.after.connectionPoll.connection.shown.poll.waiting': { type: string }[];
};

export const connectionModel: Model<typeof connectionMachine> = {
  machine: connectionMachine,
  inputs: [{ label: 'connection 77', input: { connectionId: '77' } }],
  events: flattenFixtures(connectionFixtures),
  cover: 'transitions',
  // What the guards read: the status, whether the settings and the reason may be sent, and a look wanted.
  contextKey: (context: ConnectionContext) => [
    context.connection?.status ?? null,
    Object.keys(formErrorsOf(context)).length === 0,
    reasonCode(context.reason) === null,
    context.lookNow,
  ],
};
