// Supplies the tenant-config machine: the whiteLabel call (plus the product module's custom config),
// the localStorage cache, and the 408 fallback that remembers where the visitor was going.
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { tenantConfigMachine } from '../../../machines/shell/tenant-config.machine';
import { api } from '../../api/client';
import { moduleCustomConfigQuery, whiteLabelQuery } from '../../api/shell';
import { hostSource } from '../../lib/host-source';
import { readLocal, readSession, sessionKeys, storageKeys, writeLocal, writeSession } from '../../lib/storage';
import { hasModule, readProductConfig, type TenantConfig } from '../../lib/tenant';
import { navigate, setRouterTenant } from '../navigation';
import { flowOptions } from '../../lib/flow-inspection';

export const requestTimeoutPath = '/408';

export async function loadTenantConfig(source: string): Promise<TenantConfig | null> {
  const { whiteLabel } = await api.request(whiteLabelQuery, { source });
  if (!whiteLabel) return null;
  let productConfig = null;
  if (hasModule(whiteLabel, 'products')) {
    const answer = await api.request(moduleCustomConfigQuery, { whitelabel_uuid: whiteLabel.uuid, module: 'products' });
    productConfig = readProductConfig(answer.moduleCustomConfig?.custom_config);
    // The product presentation is kept under its own keys (spec §3 "Local storage keys").
    writeLocal(storageKeys.viewTemplate, productConfig.view_template);
    writeLocal(storageKeys.tariffsView, productConfig.tariffs_view);
    writeLocal(storageKeys.productTypeDescription, productConfig.product_type_description);
  }
  return { uuid: whiteLabel.uuid, whiteLabel, productConfig };
}

export function readCachedTenantConfig(): TenantConfig | null {
  const raw = readLocal(storageKeys.tenantConfig);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as TenantConfig;
    return typeof parsed?.uuid === 'string' && parsed.whiteLabel ? parsed : null;
  } catch {
    return null;
  }
}

/** Remembers the path the visitor wanted (never /408 itself) and shows the 408 screen. */
export function showRequestTimeout(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location) {
  if (location.pathname !== requestTimeoutPath) {
    writeSession(sessionKeys.pathBefore408, `${location.pathname}${location.search}${location.hash}`);
  }
  window.history.replaceState(null, '', requestTimeoutPath);
}

/** After a successful retry from /408, returns to the remembered path. */
export function pathAfterRequestTimeout(): string {
  const remembered = readSession(sessionKeys.pathBefore408);
  writeSession(sessionKeys.pathBefore408, null);
  return remembered && remembered !== requestTimeoutPath ? remembered : '/';
}

/** The tenant config flow: it finds the tenant, so it is made before there is one. */
export const createTenantConfigLogic = () =>
  tenantConfigMachine.provide({
    actors: {
      loadTenantConfig: fromPromise(({ input }) => loadTenantConfig(input.hostSource)),
      watchConnection: fromCallback<EventObject, void>(({ sendBack }) => {
        const online = () => sendBack({ type: 'connection.online' });
        window.addEventListener('online', online);
        return () => window.removeEventListener('online', online);
      }),
    },
    actions: {
      storeConfig: (_, { config }) => writeLocal(storageKeys.tenantConfig, JSON.stringify(config)),
      showRequestTimeout: () => showRequestTimeout(),
      leaveRequestTimeout: (_, { config }) => {
        // The guards read the tenant from the router context: give it the settings before moving on.
        setRouterTenant(config as TenantConfig);
        void navigate({ href: pathAfterRequestTimeout(), replace: true });
      },
    },
  });

export function startTenantConfig() {
  const actor = createActor(
    createTenantConfigLogic(),
    flowOptions({ input: { hostSource: hostSource(window.location.host), cached: readCachedTenantConfig() } }),
  );
  actor.start();
  return actor;
}

export type TenantConfigActor = ReturnType<typeof startTenantConfig>;
