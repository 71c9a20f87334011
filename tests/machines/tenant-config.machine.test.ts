import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { tenantConfigMachine } from '../../machines/shell/tenant-config.machine';
import type { TenantConfigData } from '../../machines/shell/tenant-config.types';

function start(load: () => Promise<TenantConfigData | null>, cached: TenantConfigData | null = null) {
  const connection = { online: () => {} };
  const storeConfig = vi.fn();
  const showRequestTimeout = vi.fn();
  const leaveRequestTimeout = vi.fn();
  const actor = createActor(
    tenantConfigMachine.provide({
      actors: {
        loadTenantConfig: fromPromise(load),
        watchConnection: fromCallback<EventObject, void>(({ sendBack }) => {
          connection.online = () => sendBack({ type: 'connection.online' });
        }),
      },
      actions: {
        storeConfig: (_, params) => storeConfig(params),
        showRequestTimeout,
        leaveRequestTimeout: (_, params) => leaveRequestTimeout(params),
      },
    }),
    { input: { hostSource: 'acme', cached } },
  ).start();
  return { actor, storeConfig, showRequestTimeout, leaveRequestTimeout, connection };
}

describe('tenant config', () => {
  it('caches the settings that load and runs branded', async () => {
    const { actor, storeConfig } = start(async () => ({ uuid: 't1' }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.config).toEqual({ uuid: 't1' });
    expect(storeConfig).toHaveBeenCalledWith({ config: { uuid: 't1' } });
  });

  it('falls back to the cached settings when the call fails', async () => {
    const { actor, storeConfig, showRequestTimeout } = start(
      () => Promise.reject({ code: 'network' }),
      { uuid: 'cached' },
    );
    await waitFor(actor, (s) => s.matches('usingCache'));
    expect(actor.getSnapshot().context.config).toEqual({ uuid: 'cached' });
    expect(storeConfig).not.toHaveBeenCalled();
    expect(showRequestTimeout).not.toHaveBeenCalled();
  });

  it('shows the 408 screen when nothing loads and nothing is cached', async () => {
    const { actor, showRequestTimeout } = start(() => Promise.reject({ code: 'network' }));
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(showRequestTimeout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network' });
  });

  it('treats an unknown host (no tenant answers) like a failure', async () => {
    const { actor, showRequestTimeout } = start(async () => null);
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(showRequestTimeout).toHaveBeenCalled();
  });

  it('a retry from the 408 screen that succeeds leaves it for the remembered path', async () => {
    let fail = true;
    const { actor, leaveRequestTimeout, storeConfig } = start(() =>
      fail ? Promise.reject({ code: 'network' }) : Promise.resolve({ uuid: 't1' }),
    );
    await waitFor(actor, (s) => s.matches('unavailable'));
    fail = false;
    actor.send({ type: 'config.retry' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(leaveRequestTimeout).toHaveBeenCalledWith({ config: { uuid: 't1' } });
    expect(storeConfig).toHaveBeenCalledWith({ config: { uuid: 't1' } });
  });

  it('from the 408 screen it tries again by itself when the browser is back online', async () => {
    let online = false;
    const { actor, connection, leaveRequestTimeout } = start(async () => {
      if (!online) throw { code: 'network' };
      return { uuid: 't1' };
    });
    await waitFor(actor, (s) => s.matches('unavailable'));
    online = true;
    connection.online();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(leaveRequestTimeout).toHaveBeenCalledWith({ config: { uuid: 't1' } });
  });
});
