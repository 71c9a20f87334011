// The tenant's settings from the server: whiteLabel by host source, then the products module's custom config
// when the tenant has that module. The boot script (src/boot.ts) starts this before the app's code has
// arrived; the tenant-config flow takes that answer once (takeEarlyTenantRequest) and asks again on a retry.
// Who sends the documents is the caller's: the boot script a bare fetch (no library has loaded yet), the app
// its API client (src/api/client.ts, graphql-request), so this module imports neither.
// The documents themselves rather than src/api/shell.ts, whose query options would bring TanStack Query into
// the boot script (they are the same documents: shell.ts defines them for codegen).
import { ModuleCustomConfigDocument, WhiteLabelDocument, type TypedDocumentString } from '../../api/generated/graphql';
import { hasModule, type TenantConfig, type WhiteLabel } from '../../lib/tenant';
import { readLocal, storageKeys } from '../../lib/storage';

export interface TenantAnswer {
  whiteLabel: WhiteLabel;
  /** The products module's custom config as the server sent it; undefined without that module. */
  productsConfig?: unknown;
}

/** Sends one GraphQL document and answers its data (or rejects). */
export type SendDocument = <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables) => Promise<TResult>;

export async function requestTenantConfig(
  send: SendDocument,
  source: string,
  onWhiteLabel?: (whiteLabel: WhiteLabel) => void,
): Promise<TenantAnswer | null> {
  const { whiteLabel } = await send(WhiteLabelDocument, { source });
  if (!whiteLabel) return null;
  onWhiteLabel?.(whiteLabel);
  if (!hasModule(whiteLabel, 'products')) return { whiteLabel };
  const answer = await send(ModuleCustomConfigDocument, { whitelabel_uuid: whiteLabel.uuid, module: 'products' });
  return { whiteLabel, productsConfig: answer.moduleCustomConfig?.custom_config ?? null };
}

let early: { source: string; answer: Promise<TenantAnswer | null> } | null = null;

/**
 * Starts the request ahead of the app (the boot script), for the first load to take; `onWhiteLabel` hears
 * the provider settings as soon as they arrive (before the products module's config).
 */
export function startEarlyTenantRequest(
  send: SendDocument,
  source: string,
  onWhiteLabel?: (whiteLabel: WhiteLabel) => void,
): Promise<TenantAnswer | null> {
  const answer = requestTenantConfig(send, source, onWhiteLabel);
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  answer.catch(() => {});
  early = { source, answer };
  return answer;
}

/** The early request for this host source, once (a later load, such as a retry from /408, asks again). */
export function takeEarlyTenantRequest(source: string): Promise<TenantAnswer | null> | null {
  const taken = early?.source === source ? early.answer : null;
  early = null;
  return taken;
}

/** The settings the last visit loaded (used when the call fails, and by the boot shell at once). */
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
