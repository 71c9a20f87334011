// App state (spec §4 "App state", calls §4 "Polling", §8): the portal asks the server for its app state
// every 30 s, not while the tab is hidden (once more as soon as it is visible again). A status other
// than live shows the maintenance dialog, which cannot be closed. A new version (or a route chunk that
// fails or takes over 120 s to load after a deploy) leads to the new-version prompt: it waits while the
// member is in the middle of a typed form or a payment, saying that reloading now would lose it; its
// Reload goes to /login when logout_needed, else reloads the page.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import { appStatePoll, chunkLoadTimeout } from '../../domain/timing';
import type { AppStateAnswer, AppStateContext, AppStateEvent } from './app-state.types';

/** Reload: to /login when the server says a logout is needed, else the same page. */
const reload = [
  {
    guard: 'isLogoutNeeded',
    target: '#appState.release.outdated.reloading',
    actions: 'goToLogin',
    meta: { description: 'Member reloads (sign-in needed)' },
  },
  { target: '#appState.release.outdated.reloading', actions: 'reloadPage', meta: { description: 'Member reloads' } },
] as const;

export const appStateMachine = setup({
  types: {
    context: {} as AppStateContext,
    events: {} as AppStateEvent,
  },
  actors: {
    fetchAppState: notProvidedActor<AppStateAnswer>('fetchAppState'),
    /** Reports tab visibility, route loading, failed chunk loads and whether the member is busy. */
    watchPage: notProvidedCallback('watchPage'),
  },
  actions: {
    goToLogin: notProvidedAction('goToLogin'),
    reloadPage: notProvidedAction('reloadPage'),
  },
  guards: {
    isMaintenance: ({ context }) => context.latest !== null && context.latest.status !== 'live',
    isLive: ({ context }) => context.latest === null || context.latest.status === 'live',
    isNewVersion: ({ context }) =>
      context.loadedVersion !== null && context.latest !== null && context.latest.version !== context.loadedVersion,
    isBusy: ({ context }) => context.busy,
    isLogoutNeeded: ({ context }) => context.latest?.logout_needed === true,
  },
  delays: { appStatePoll, chunkLoadTimeout },
}).createMachine({
  id: 'appState',
  context: { loadedVersion: null, latest: null, busy: false },
  type: 'parallel',
  invoke: { id: 'watchPage', src: 'watchPage' },
  on: {
    'activity.busy': { actions: assign({ busy: true }) },
    'activity.idle': { actions: assign({ busy: false }) },
  },
  states: {
    polling: {
      initial: 'fetching',
      states: {
        fetching: {
          meta: { description: 'Asks the server for the app state (version, status, logout_needed).' },
          invoke: {
            id: 'fetchAppState',
            src: 'fetchAppState',
            onDone: {
              target: 'waiting',
              actions: assign({
                latest: ({ event }) => event.output,
                loadedVersion: ({ context, event }) => context.loadedVersion ?? event.output.version,
              }),
              meta: { description: 'Status fetched' },
            },
            // No answer this time: ask again at the next poll.
            onError: { target: 'waiting', meta: { description: 'Fetch failed' } },
          },
          on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
        },
        waiting: {
          meta: { description: 'The next question comes in 30 s.' },
          after: { appStatePoll: { target: 'fetching', meta: { description: 'Time to ask again' } } },
          on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
        },
        paused: {
          meta: { description: 'The tab is hidden: no questions until it is visible again.' },
          on: { 'page.visible': { target: 'fetching', meta: { description: 'Tab shown again' } } },
        },
      },
    },
    service: {
      initial: 'live',
      states: {
        live: {
          meta: { description: 'The platform works normally.' },
          always: { guard: 'isMaintenance', target: 'maintenance', meta: { description: 'Maintenance starts' } },
        },
        maintenance: {
          meta: { description: 'Maintenance dialog (cannot be closed; normally at most 10 minutes).' },
          tags: ['maintenance'],
          always: { guard: 'isLive', target: 'live', meta: { description: 'Service back' } },
        },
      },
    },
    release: {
      initial: 'current',
      states: {
        current: {
          meta: { description: 'This page runs the version the server has.' },
          always: { guard: 'isNewVersion', target: 'outdated', meta: { description: 'New version out' } },
          on: { 'chunk.failed': { target: 'outdated', meta: { description: 'A page part failed to load' } } },
          initial: 'settled',
          states: {
            settled: {
              meta: { description: 'No route is loading.' },
              on: { 'navigation.started': { target: 'loadingRoute', meta: { description: 'Member navigates' } } },
            },
            loadingRoute: {
              meta: { description: 'A route and its code are loading; over 120 s means its chunk is gone.' },
              on: { 'navigation.finished': { target: 'settled', meta: { description: 'Page loaded' } } },
              after: { chunkLoadTimeout: { target: '#appState.release.outdated', meta: { description: 'Page too slow to load' } } },
            },
          },
        },
        outdated: {
          meta: { description: 'A new version is out: the member is asked to reload.' },
          initial: 'deciding',
          states: {
            deciding: {
              meta: { description: 'Checks whether the member is in the middle of a form or a payment.' },
              always: [
                { guard: 'isBusy', target: 'waitingForIdle', meta: { description: 'Member is busy' } },
                { target: 'prompting', meta: { description: 'Member is idle' } },
              ],
            },
            waitingForIdle: {
              meta: { description: 'A notice says a reload now would lose the form; the dialog waits for it to be done.' },
              tags: ['newVersionNotice'],
              on: {
                'activity.idle': { target: 'prompting', actions: assign({ busy: false }), meta: { description: 'Member is idle now' } },
                'reload.confirm': reload,
              },
            },
            prompting: {
              meta: { description: 'New-version dialog (cannot be closed) with Reload.' },
              tags: ['newVersionDialog'],
              on: { 'reload.confirm': reload },
            },
            reloading: {
              meta: { description: 'The page is reloading (to /login when logout_needed).' },
              type: 'final',
            },
          },
        },
      },
    },
  },
});
