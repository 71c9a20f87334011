// Models of the app-wide status flows: app state (maintenance, new version), member status, old browser.
import { appStateMachine } from '../../machines/app-state/app-state.machine';
import type { AppStateAnswer, AppStateEvent } from '../../machines/app-state/app-state.types';
import { memberStatusMachine, type MemberStatusEvent } from '../../machines/member-status/member-status.machine';
import { oldBrowserMachine } from '../../machines/old-browser/old-browser.machine';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const live: AppStateAnswer = { version: '1.0.0', status: 'live', logout_needed: false };
export const maintenance: AppStateAnswer = { version: '1.0.0', status: 'maintenance', logout_needed: false };
export const newVersion: AppStateAnswer = { version: '1.1.0', status: 'live', logout_needed: false };
export const newVersionWithLogout: AppStateAnswer = { version: '1.1.0', status: 'live', logout_needed: true };

export const appStateFixtures = {
  'page.hidden': [{ type: 'page.hidden' }],
  'page.visible': [{ type: 'page.visible' }],
  'activity.busy': [{ type: 'activity.busy' }],
  'activity.idle': [{ type: 'activity.idle' }],
  'navigation.started': [{ type: 'navigation.started' }],
  'navigation.finished': [{ type: 'navigation.finished' }],
  'chunk.failed': [{ type: 'chunk.failed' }],
  'reload.confirm': [{ type: 'reload.confirm' }],
  'xstate.done.actor.fetchAppState': [
    { type: 'xstate.done.actor.fetchAppState', output: live },
    { type: 'xstate.done.actor.fetchAppState', output: maintenance },
    { type: 'xstate.done.actor.fetchAppState', output: newVersion },
    { type: 'xstate.done.actor.fetchAppState', output: newVersionWithLogout },
  ],
  'xstate.error.actor.fetchAppState': [{ type: 'xstate.error.actor.fetchAppState', error: { code: 'network' } }],
  'xstate.after.appStatePoll.appState.polling.waiting': [{ type: 'xstate.after.appStatePoll.appState.polling.waiting' }],
  'xstate.after.chunkLoadTimeout.appState.release.current.loadingRoute': [
    { type: 'xstate.after.chunkLoadTimeout.appState.release.current.loadingRoute' },
  ],
} satisfies {
  [K in AppStateEvent['type']]: Extract<AppStateEvent, { type: K }>[];
} & {
  'xstate.done.actor.fetchAppState': DoneEvent<'fetchAppState', AppStateAnswer>[];
  'xstate.error.actor.fetchAppState': ErrorEvent<'fetchAppState'>[];
  'xstate.after.appStatePoll.appState.polling.waiting': { type: string }[];
  'xstate.after.chunkLoadTimeout.appState.release.current.loadingRoute': { type: string }[];
};

export const appStateModel: Model<typeof appStateMachine> = {
  machine: appStateMachine,
  inputs: [{ label: 'page loaded', input: undefined as never }],
  events: flattenFixtures(appStateFixtures),
  contextKeys: ['busy', 'loadedVersion', 'latest'],
};

const settings = (status: string, unpaid: number, overdue: number): Extract<MemberStatusEvent, { type: 'settings.received' }> => ({
  type: 'settings.received',
  status,
  unpaid_trader_fee_invoices: unpaid,
  overdue_trader_fee_invoices: overdue,
});

export const memberStatusModel: Model<typeof memberStatusMachine> = {
  machine: memberStatusMachine,
  inputs: [{ label: 'signed in', input: undefined as never }],
  events: flattenFixtures({
    'settings.received': [
      settings('active', 0, 0),
      settings('active', 2, 0),
      settings('active', 2, 1),
      settings('suspended', 0, 0),
    ],
    'invoices.open': [{ type: 'invoices.open' }],
  } satisfies { [K in MemberStatusEvent['type']]: Extract<MemberStatusEvent, { type: K }>[] }),
  contextKeys: ['settings'],
};

export const oldBrowserModel: Model<typeof oldBrowserMachine> = {
  machine: oldBrowserMachine,
  inputs: [
    { label: 'first visit', input: { neverAgain: false } },
    { label: 'never again chosen before', input: { neverAgain: true } },
  ],
  events: flattenFixtures({
    'dialog.close': [{ type: 'dialog.close' }],
    'dialog.neverAgain': [{ type: 'dialog.neverAgain' }],
    'xstate.done.actor.checkBrowser': [
      { type: 'xstate.done.actor.checkBrowser', output: true },
      { type: 'xstate.done.actor.checkBrowser', output: false },
    ],
    'xstate.error.actor.checkBrowser': [{ type: 'xstate.error.actor.checkBrowser', error: new Error('no user agent') }],
  } satisfies {
    'dialog.close': { type: 'dialog.close' }[];
    'dialog.neverAgain': { type: 'dialog.neverAgain' }[];
    'xstate.done.actor.checkBrowser': DoneEvent<'checkBrowser', boolean>[];
    'xstate.error.actor.checkBrowser': ErrorEvent<'checkBrowser'>[];
  }),
};
