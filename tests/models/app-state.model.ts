import { appStateMachine } from '../../machines/app-status/app-state.machine';
import type { AppStateAnswer, AppStateEvent } from '../../machines/app-status/app-state.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
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
  'xstate.error.actor.fetchAppState': [{ type: 'xstate.error.actor.fetchAppState', error: networkError }],
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
