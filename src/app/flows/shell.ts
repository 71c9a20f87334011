// Supplies the tenant-config machine: the whiteLabel call (plus the product module's custom config, see
// ../tenant-request.ts), the localStorage cache, and the 408 fallback that remembers where the visitor was going.
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { tenantConfigMachine } from '../../../machines/shell/tenant-config.machine';
import { api } from '../../api/client';
import { readCachedTenantConfig, requestTenantConfig, takeEarlyTenantRequest, type SendDocument } from '../boot/tenant-request';

export { readCachedTenantConfig };
import { hostSource } from '../../lib/host-source';
import { readSession, sessionKeys, storageKeys, writeLocal, writeSession } from '../../lib/storage';
import { readProductConfig, type TenantConfig } from '../../lib/tenant';
import { navigate, setRouterTenant } from '../router/navigation';
import { flowOptions } from '../../lib/flow-inspection';

export const requestTimeoutPath = '/408';

const sendWithApi: SendDocument = (document, variables) =>
  (api.request as (document: unknown, variables: unknown) => Promise<never>)(document, variables);

export async function loadTenantConfig(source: string): Promise<TenantConfig | null> {
  // The boot script asked already, while this code was loading; a retry asks again. The boot script's bare
  // fetch does not tell the failures apart (spec §8), so when it failed the app's client asks once more and
  // its error is the one the flow sees.
  const early = takeEarlyTenantRequest(source);
  const ask = () => requestTenantConfig(sendWithApi, source);
  const answer = await (early ? early.catch(ask) : ask());
  if (!answer) return null;
  const { whiteLabel } = answer;
  let productConfig = null;
  if (answer.productsConfig !== undefined) {
    productConfig = readProductConfig(answer.productsConfig);
    // The product presentation is kept under its own keys (spec §3 "Local storage keys").
    writeLocal(storageKeys.viewTemplate, productConfig.view_template);
    writeLocal(storageKeys.tariffsView, productConfig.tariffs_view);
    writeLocal(storageKeys.productTypeDescription, productConfig.product_type_description);
  }
  return { uuid: whiteLabel.uuid, whiteLabel, productConfig };
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
