// @vitest-environment jsdom
// The tenant config flow's model paths, walked through what the visitor sees of it: the app's loader while
// the provider settings load (src/app/app.tsx → BootLoader), the 408 screen with Try again when there are
// none (src/routes/_simple/408.tsx → RequestTimeoutRetry), and the portal once they are there. Going to and
// leaving /408 are the flow's effects (showRequestTimeout, leaveRequestTimeout): here they move a stand-in
// location that decides which screen shows, as the router does. Try again is a click; the browser coming back
// online is a real `online` event on the window, heard by the app's own connection watcher.
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { BootLoader, RequestTimeoutRetry } from '../../src/features/shell/tenant-config-screens';
import { createTenantConfigLogic } from '../../src/app/flows/shell';
import { selectBooting } from '../../machines/shell/tenant-config.selectors';
import type { TenantConfigEvent, TenantConfigInput } from '../../machines/shell/tenant-config.types';
import { modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { recordActions, walkPath, type Gesture } from '../support/walk';
import { tenantConfigModel } from '../models/tenant-config.model';

const { watchConnection } = createTenantConfigLogic().implementations.actors;

describe('tenant config', () => {
  for (const modelPath of modelPaths(tenantConfigModel)) {
    it(modelPath.title, async () => {
      const input = modelPath.input as TenantConfigInput;
      let calls: { name: string; params: unknown }[] = [];
      // Times the visitor (or the browser) asked again from the 408 screen.
      let retries = 0;
      const gestures = {
        'config.retry': async (user) => {
          retries += 1;
          await user.click(screen.getByRole('button', { name: 'Try again' }));
        },
        'connection.online': async () => {
          retries += 1;
          await act(async () => void window.dispatchEvent(new Event('online')));
        },
      } satisfies { [K in TenantConfigEvent['type']]: Gesture<Extract<TenantConfigEvent, { type: K }>> };
      await walkPath(modelPath, {
        machine: tenantConfigModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          const { config } = snapshot.context;
          const onTimeoutPage = snapshot.hasTag('unavailable') || snapshot.matches('retrying');
          // The loader only while the settings load at start.
          if (snapshot.matches('loading'))
            expect(screen.getByLabelText('Loading').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
          else expect(screen.queryByLabelText('Loading')).toBeNull();
          const retry = screen.queryByRole('button', { name: 'Try again' });
          if (onTimeoutPage) {
            expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
            expect(
              screen.getByText('The portal could not load its settings. Check your connection and try again.'),
            ).toBeVisible();
            if (snapshot.matches('retrying')) expect(retry).toHaveAttribute('data-loading', 'true');
            else {
              expect(retry).toBeEnabled();
              expect(retry).not.toHaveAttribute('data-loading');
            }
          } else {
            expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
            expect(retry).toBeNull();
          }
          if (snapshot.hasTag('configured')) {
            // The portal runs on the fresh settings, or on the cached ones when the call failed.
            expect(screen.getByTestId('portal')).toHaveAttribute('data-tenant', config.uuid);
            expect(config).toEqual(
              snapshot.matches('usingCache') ? input.cached : expect.objectContaining({ uuid: 'fresh-tenant' }),
            );
          } else {
            expect(screen.queryByTestId('portal')).toBeNull();
          }
          // /408 is shown once per time the settings could not be had; good settings are kept, and from /408
          // the visitor goes back where they were going.
          const timeouts = snapshot.hasTag('unavailable') ? retries + 1 : retries;
          const expected = Array.from({ length: timeouts }, () => ({ name: 'showRequestTimeout', params: undefined }));
          if (snapshot.matches('ready')) {
            expected.push({ name: 'storeConfig', params: { config } } as never);
            if (retries > 0) expected.push({ name: 'leaveRequestTimeout', params: { config } } as never);
          }
          expect(calls).toEqual(expected);
        },
        render: (logic, _input, clock) => {
          const recorded = recordActions(logic, ['storeConfig', 'showRequestTimeout', 'leaveRequestTimeout']);
          calls = recorded.calls;
          const actor = createActor(recorded.logic.provide({ actors: { watchConnection } } as never), { input, clock }).start();
          // Where the router is: /408 after showRequestTimeout, back to the page wanted after leaveRequestTimeout.
          const path = () => {
            const moves = calls.filter((call) => call.name === 'showRequestTimeout' || call.name === 'leaveRequestTimeout');
            return moves.at(-1)?.name === 'showRequestTimeout' ? '/408' : '/wanted';
          };
          function Portal() {
            const booting = useSelector(actor, selectBooting);
            const snapshot = useSelector(actor, (s) => s);
            if (booting) return <BootLoader />;
            if (path() === '/408') return <RequestTimeoutRetry actor={actor} />;
            const config = snapshot.context.config;
            return config ? <main data-testid="portal" data-tenant={config.uuid} /> : null;
          }
          renderView(<Portal />);
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
