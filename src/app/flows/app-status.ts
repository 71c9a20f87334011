// App-wide status flows and their effects: the app state (polled, with maintenance and new-version
// dialogs) and the old-browser warning.
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { appStateMachine } from '../../../machines/app-state/app-state.machine';
import { oldBrowserMachine } from '../../../machines/old-browser/old-browser.machine';
import { api } from '../../api/client';
import { appStateQuery } from '../../api/app-state';
import { activity } from '../../lib/activity';
import { isOutdatedBrowser } from '../../lib/browser-support';
import { flowOptions } from '../../lib/flow-inspection';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage';
import { router } from '../router';
import { chunkFailedEvent } from '../route-error';

export const appStateActor = createActor(
  appStateMachine.provide({
    actors: {
      fetchAppState: fromPromise(async () => (await api.request(appStateQuery, { app_name: 'portal' })).appState),
      watchPage: fromCallback<EventObject, void>(({ sendBack }) => {
        const onVisibility = () =>
          sendBack({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
        // A route's code that fails to load after a deploy (Vite reports it before the import rejects).
        const onPreloadError = () => sendBack({ type: 'chunk.failed' });
        document.addEventListener('visibilitychange', onVisibility);
        window.addEventListener('vite:preloadError', onPreloadError);
        window.addEventListener(chunkFailedEvent, onPreloadError);
        const stopStart = router.subscribe('onBeforeLoad', () => sendBack({ type: 'navigation.started' }));
        const stopEnd = router.subscribe('onResolved', () => sendBack({ type: 'navigation.finished' }));
        const stopBusy = activity.subscribe((busy) => sendBack({ type: busy ? 'activity.busy' : 'activity.idle' }));
        if (activity.isBusy()) sendBack({ type: 'activity.busy' });
        if (document.visibilityState === 'hidden') sendBack({ type: 'page.hidden' });
        return () => {
          document.removeEventListener('visibilitychange', onVisibility);
          window.removeEventListener('vite:preloadError', onPreloadError);
          window.removeEventListener(chunkFailedEvent, onPreloadError);
          stopStart();
          stopEnd();
          stopBusy();
        };
      }),
    },
    actions: {
      goToLogin: () => window.location.assign('/logout?s=logout'),
      reloadPage: () => window.location.reload(),
    },
  }),
  flowOptions({}),
);

export const oldBrowserActor = createActor(
  oldBrowserMachine.provide({
    actors: {
      checkBrowser: fromPromise(async () => {
        const { UAParser } = await import('ua-parser-js');
        const { browser } = UAParser(navigator.userAgent);
        return isOutdatedBrowser(browser.name, browser.version);
      }),
    },
    actions: {
      rememberNeverAgain: () => writeLocal(storageKeys.hideOldBrowser, 'true'),
    },
  }),
  flowOptions({ input: { neverAgain: readLocal(storageKeys.hideOldBrowser) === 'true' } }),
);

/** Starts the app-wide flows once the app is on screen. */
export function startAppStatus(): void {
  appStateActor.start();
  oldBrowserActor.start();
}
