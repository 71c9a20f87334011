// What the flows' provided effects share: logic made once per tenant, named outcomes from API failures,
// storing the session and the moves after sign-in.
import type { AppErrorReason, Outcome } from '../../../domain/app-error';
import { errorOf, isAppError } from '../../../domain/app-error';
import { session } from '../../lib/session';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage';
import { hasModule, type TenantConfig } from '../../lib/tenant';
import { loginReturnPath, navigate } from '../router/navigation';
import { clearQueries } from '../router/query-client-loader';
import { showErrorToast } from '../toasts';

/** Provided logic is made once per tenant, so providers keep the same logic across renders. */
export function perTenant<T>(make: (tenant: TenantConfig) => T): (tenant: TenantConfig) => T {
  const made = new WeakMap<TenantConfig, T>();
  return (tenant) => {
    if (!made.has(tenant)) made.set(tenant, make(tenant));
    return made.get(tenant)!;
  };
}

/**
 * Runs a call and resolves with its outcome (DESIGN §3): success, or one of the named failures the flow
 * routes by guards. Any other failure (network, internal, validation) still rejects, for `onError`.
 */
export async function outcome<TValue, TReason extends AppErrorReason>(
  reasons: readonly TReason[],
  call: () => Promise<TValue>,
): Promise<Outcome<TValue, TReason>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (isAppError(error) && error.reason && (reasons as readonly AppErrorReason[]).includes(error.reason)) {
      return { ok: false, reason: error.reason as TReason, error };
    }
    throw error;
  }
}

/** A success that brought nothing is the named failure `reason` (a verify reply with nothing, spec §7). */
export function requireValue<TValue, TReason extends AppErrorReason, TMissing extends AppErrorReason>(
  answer: Outcome<TValue | null | undefined, TReason>,
  reason: TMissing,
): Outcome<TValue, TReason | TMissing> {
  if (!answer.ok) return answer;
  if (answer.value == null) return { ok: false, reason, error: { code: 'server', reason } };
  return { ok: true, value: answer.value };
}

/**
 * The provided `notifyFailure` action of every flow that makes calls (calls §8 "Messages appear in a
 * notifier"): a failed call's message goes to the notifier. An error that only names fields is left to
 * the form, which shows each message beside its field.
 */
export const notifyFailure = ({ event }: { event: unknown }) => {
  const error = errorOf(event);
  const onlyFields = Boolean(error.fields && Object.keys(error.fields).length > 0) && error.code === 'validation';
  if (!onlyFields) showErrorToast(error);
};

export const storeSession = (_: unknown, answer: { access_token: string; expires_in: number }) =>
  session.start(answer.access_token, answer.expires_in);
export const goToProducts = () => void navigate({ to: '/products', replace: true });
/** Signed in: back to the page the visitor was asked to log in for (/login?to=...), else the dashboard. */
export const goToDashboard = () => {
  const back = loginReturnPath();
  if (back) void navigate({ href: back, replace: true });
  else void navigate({ to: '/dashboard', replace: true });
};
/** Signing out forgets the session, the cached data and the guest cart's id: the next person starts empty. */
export const clearSession = () => {
  session.clear();
  clearQueries();
  writeLocal(storageKeys.anonymousId, null);
};

function hasStoredPurchaseLinkProducts(): boolean {
  try {
    const stored = JSON.parse(readLocal(storageKeys.scProducts) ?? '[]') as unknown;
    return Array.isArray(stored) && stored.length > 0;
  } catch {
    return false;
  }
}

/** Where a successful sign-in leads: /products with stored purchase links and the products module, else /dashboard. */
export const afterLoginInput = (tenant: TenantConfig) => ({
  productsModuleOn: hasModule(tenant.whiteLabel, 'products'),
  hasStoredProducts: hasStoredPurchaseLinkProducts(),
});
