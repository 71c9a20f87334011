// Effects of the app-status area's app-wide flows, started once on every page: the app state (polled, with
// maintenance and new-version dialogs) and the old-browser warning. The member layout's member status flow
// is in app-status-member.ts, so a guest's first load (/login, /store) does not carry it.
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { appStateMachine } from '../../../machines/app-status/app-state.machine';
import { oldBrowserMachine } from '../../../machines/app-status/old-browser.machine';
import { api } from '../../api/client';
import { appStateQuery } from '../../api/app-status';
import { activity } from '../../lib/activity';
import { browserFromUserAgent, isOutdatedBrowser } from '../../lib/browser-support';
import { flowOptions } from '../../lib/flow-inspection';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage';
import { watchNavigation } from '../router/navigation';
import { chunkFailedEvent } from '../router/route-error';
import { watchVisibility } from './watch-page';

/** The app state flow: app-wide, the same for every tenant. */
export const createAppStateLogic = () =>
  appStateMachine.provide({
    actors: {
      fetchAppState: fromPromise(async () => (await api.request(appStateQuery, { app_name: 'portal' })).appState),
      watchPage: fromCallback<EventObject, void>(({ sendBack }) => {
        // A route's code that fails to load after a deploy (Vite reports it before the import rejects).
        const onPreloadError = () => sendBack({ type: 'chunk.failed' });
        window.addEventListener('vite:preloadError', onPreloadError);
        window.addEventListener(chunkFailedEvent, onPreloadError);
        const stopNavigation = watchNavigation(
          () => sendBack({ type: 'navigation.started' }),
          () => sendBack({ type: 'navigation.finished' }),
        );
        const stopBusy = activity.subscribe((busy) => sendBack({ type: busy ? 'activity.busy' : 'activity.idle' }));
        if (activity.isBusy()) sendBack({ type: 'activity.busy' });
        const stopVisibility = watchVisibility(sendBack);
        return () => {
          window.removeEventListener('vite:preloadError', onPreloadError);
          window.removeEventListener(chunkFailedEvent, onPreloadError);
          stopNavigation();
          stopBusy();
          stopVisibility();
        };
      }),
    },
    actions: {
      goToLogin: () => window.location.assign('/logout?s=logout'),
      reloadPage: () => window.location.reload(),
    },
  });

/** The old-browser warning: app-wide. */
export const createOldBrowserLogic = () =>
  oldBrowserMachine.provide({
    actors: {
      checkBrowser: fromPromise(async () => {
        const browser = browserFromUserAgent(navigator.userAgent);
        return isOutdatedBrowser(browser.name, browser.version);
      }),
    },
    actions: {
      rememberNeverAgain: () => writeLocal(storageKeys.hideOldBrowser, 'true'),
    },
  });

export const appStateActor = createActor(createAppStateLogic(), flowOptions({}));
export const oldBrowserActor = createActor(
  createOldBrowserLogic(),
  flowOptions({ input: { neverAgain: readLocal(storageKeys.hideOldBrowser) === 'true' } }),
);

/** Starts the app-wide flows once the app is on screen. */
export function startAppStatus(): void {
  appStateActor.start();
  oldBrowserActor.start();
}
