// @vitest-environment jsdom
// The old-browser warning's model paths, walked through the real app dialogs (src/features/app-status/
// app-dialogs.tsx), as the app mounts them with both app-wide flows. The browser check's answer settles the
// flow's fake; Close and "Do not show again" are clicks in the dialog.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import AppDialogs from '../../src/features/app-status/app-dialogs';
import { AppStateActorContext, OldBrowserActorContext } from '../../src/features/app-status/app-status.contexts';
import type { OldBrowserEvent, OldBrowserInput } from '../../machines/app-status/old-browser.types';
import { appStateMachine } from '../../machines/app-status/app-state.machine';
import { fakeEffects, modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { recordActions, walkPath, type Gesture } from '../support/walk';
import { oldBrowserModel } from '../models/old-browser.model';

const dialog = () => screen.getByRole('dialog', { name: 'Your browser is outdated' });

const gestures = {
  // The dialog's own Close button (the corner × is the same event).
  'dialog.close': async (user) => {
    const closes = within(dialog()).getAllByRole('button', { name: 'Close' });
    await user.click(closes[closes.length - 1]!);
  },
  'dialog.neverAgain': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Do not show again' })),
} satisfies { [K in OldBrowserEvent['type']]: Gesture<Extract<OldBrowserEvent, { type: K }>> };

describe('old-browser dialog', () => {
  for (const modelPath of modelPaths(oldBrowserModel)) {
    it(modelPath.title, async () => {
      let calls: { name: string; params: unknown }[] = [];
      let neverAgainClicked = false;
      await walkPath(modelPath, {
        machine: oldBrowserModel.machine,
        gestures: {
          ...gestures,
          'dialog.neverAgain': async (user, event) => {
            neverAgainClicked = true;
            await (gestures['dialog.neverAgain'] as Gesture)(user, event);
          },
        },
        expectScreen: (snapshot) => {
          if (snapshot.hasTag('dialog')) {
            expect(dialog()).toBeVisible();
            expect(dialog()).toHaveTextContent(
              'Some parts of the portal may not work. Please update to Safari 14.1, Chrome 84, Edge 84, Opera 70 or newer.',
            );
            expect(within(dialog()).getByRole('button', { name: 'Do not show again' })).toBeEnabled();
          } else {
            expect(screen.queryByRole('dialog', { name: 'Your browser is outdated' })).toBeNull();
          }
          // The choice is stored (hideOldBrowser) only when the member asked for it.
          expect(calls).toEqual(neverAgainClicked ? [{ name: 'rememberNeverAgain', params: undefined }] : []);
          // The other app-wide dialogs stay closed.
          expect(screen.queryByRole('dialog', { name: 'Maintenance' })).toBeNull();
          expect(screen.queryByRole('dialog', { name: 'New version available' })).toBeNull();
        },
        render: (logic, input, clock) => {
          const recorded = recordActions(logic, ['rememberNeverAgain']);
          calls = recorded.calls;
          const oldBrowser = createActor(recorded.logic, { input: input as OldBrowserInput, clock }).start();
          // The app state flow runs beside it, still asking the server (its answer never comes here).
          const appState = createActor(fakeEffects(appStateMachine).logic).start();
          renderView(
            <AppStateActorContext.Provider value={appState}>
              <OldBrowserActorContext.Provider value={oldBrowser}>
                <AppDialogs />
              </OldBrowserActorContext.Provider>
            </AppStateActorContext.Provider>,
          );
          return { snapshot: () => oldBrowser.getSnapshot() };
        },
      });
    });
  }
});
