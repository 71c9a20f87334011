// @vitest-environment jsdom
// The app state flow's model paths, walked through the real app-wide dialogs (maintenance, new version) and
// the new-version notice, as the app mounts them. Only Reload / Reload now are the member's gestures. The rest
// comes from outside the view and is sent to the flow as its page watcher (src/app/flows/app-status.ts
// watchPage) sends it: tab visibility, route loading, failed chunks and whether a form or payment is in
// progress. The poll's answers settle the fake call. The two timers (the 30 s poll and the 120 s chunk
// timeout) run side by side, so moving the clock for one would also fire the other: each is sent at its
// moment as its timer sends it (their durations are checked in tests/machines/app-state.machine.test.ts).
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import AppDialogs from '../../src/features/app-status/app-dialogs';
import { NewVersionNotice } from '../../src/features/app-status/new-version-notice';
import { AppStateActorContext, OldBrowserActorContext } from '../../src/features/app-status/app-status.contexts';
import type { AppStateEvent } from '../../machines/app-status/app-state.types';
import { oldBrowserMachine } from '../../machines/app-status/old-browser.machine';
import { fakeEffects, modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { recordActions, walkPath, type Gesture } from '../support/walk';
import { appStateModel } from '../models/app-state.model';

let actor: { send: (event: AppStateEvent) => void; getSnapshot: () => any } | undefined;
const fromWatcher: Gesture = async (_user, event) => act(() => actor!.send(event as AppStateEvent));

const maintenanceText = 'The platform is being updated. This normally takes at most 10 minutes; the page goes on by itself.';
const newVersionText = 'A new version of the portal is available. Reload to use it.';
const noticeText = 'A new version is available. Finish what you are doing first: reloading now would lose what you typed.';

describe('app state dialogs', () => {
  for (const modelPath of modelPaths(appStateModel)) {
    it(modelPath.title, async () => {
      let calls: { name: string; params: unknown }[] = [];
      // Where the member's Reload should take them, decided from the answer they were shown.
      let expectedCalls: { name: string; params: unknown }[] = [];
      const reload = async (user: Parameters<Gesture>[0]) => {
        const snapshot = actor!.getSnapshot();
        const name = snapshot.context.latest?.logout_needed ? 'goToLogin' : 'reloadPage';
        expectedCalls = [...expectedCalls, { name, params: undefined }];
        if (snapshot.hasTag('newVersionDialog')) {
          await user.click(
            within(screen.getByRole('dialog', { name: 'New version available' })).getByRole('button', { name: 'Reload' }),
          );
        } else {
          await user.click(within(screen.getByTestId('new-version-notice')).getByRole('button', { name: 'Reload now' }));
        }
      };
      const gestures = {
        'page.hidden': fromWatcher,
        'page.visible': fromWatcher,
        'activity.busy': fromWatcher,
        'activity.idle': fromWatcher,
        'navigation.started': fromWatcher,
        'navigation.finished': fromWatcher,
        'chunk.failed': fromWatcher,
        'reload.confirm': reload,
        'xstate.after.appStatePoll.appState.polling.waiting': fromWatcher,
        'xstate.after.chunkLoadTimeout.appState.release.current.loadingRoute': fromWatcher,
      } satisfies { [K in AppStateEvent['type']]: Gesture } & Record<string, Gesture>;
      await walkPath(modelPath, {
        machine: appStateModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          const maintenance = screen.queryByRole('dialog', { name: 'Maintenance' });
          if (snapshot.hasTag('maintenance')) {
            expect(maintenance).toHaveTextContent(maintenanceText);
            // It cannot be closed: nothing to press.
            expect(within(maintenance!).queryAllByRole('button')).toHaveLength(0);
          } else {
            expect(maintenance).toBeNull();
          }
          const dialog = screen.queryByRole('dialog', { name: 'New version available' });
          const reloading = snapshot.matches({ release: { outdated: 'reloading' } });
          if (snapshot.hasTag('newVersionDialog')) {
            expect(dialog).toHaveTextContent(newVersionText);
            // Reload is its only way out.
            expect(within(dialog!).getAllByRole('button')).toHaveLength(1);
            expect(within(dialog!).getByRole('button', { name: 'Reload' })).toBeEnabled();
          } else if (reloading) {
            // While the page reloads the dialog stays, its Reload busy (from the dialog or the notice).
            expect(dialog).toHaveTextContent(newVersionText);
            expect(within(dialog!).getByRole('button', { name: 'Reload' })).toHaveAttribute('data-loading', 'true');
          } else {
            expect(dialog).toBeNull();
          }
          const notice = screen.queryByTestId('new-version-notice');
          if (snapshot.hasTag('newVersionNotice')) {
            expect(notice).toHaveAttribute('role', 'status');
            expect(notice).toHaveTextContent(noticeText);
            expect(within(notice!).getByRole('button', { name: 'Reload now' })).toBeEnabled();
          } else {
            expect(notice).toBeNull();
          }
          // Reloading: the page reloads (or goes to log in again when the server asks for it), once.
          expect(calls).toEqual(expectedCalls);
          expect(calls.length).toBe(snapshot.matches({ release: { outdated: 'reloading' } }) ? 1 : 0);
        },
        render: (logic, _input, clock) => {
          const recorded = recordActions(logic, ['goToLogin', 'reloadPage']);
          calls = recorded.calls;
          const running = createActor(recorded.logic, { clock }).start();
          actor = running;
          // The old-browser check runs beside it, still reading the browser (it never answers here).
          const oldBrowser = createActor(fakeEffects(oldBrowserMachine).logic, { input: { neverAgain: false } }).start();
          renderView(
            <AppStateActorContext.Provider value={running}>
              <OldBrowserActorContext.Provider value={oldBrowser}>
                <NewVersionNotice />
                <AppDialogs />
              </OldBrowserActorContext.Provider>
            </AppStateActorContext.Provider>,
          );
          return { snapshot: () => running.getSnapshot() };
        },
      });
    });
  }
});
