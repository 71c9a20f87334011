// What the flows' provided effects share: storing the session, the moves after sign-in, one provided
// logic per tenant.
import { session } from '../../lib/session';
import { readLocal, storageKeys } from '../../lib/storage';
import { hasModule, type TenantConfig } from '../../lib/tenant';
import { queryClient, router } from '../router';

/** Provided logic is made once per tenant, so providers keep the same logic across renders. */
export function perTenant<T>(make: (tenant: TenantConfig) => T): (tenant: TenantConfig) => T {
  const made = new WeakMap<TenantConfig, T>();
  return (tenant) => {
    if (!made.has(tenant)) made.set(tenant, make(tenant));
    return made.get(tenant)!;
  };
}

export const storeSession = (_: unknown, answer: { access_token: string; expires_in: number }) =>
  session.start(answer.access_token, answer.expires_in);
export const goToProducts = () => void router.navigate({ to: '/products', replace: true });
export const goToDashboard = () => void router.navigate({ to: '/dashboard', replace: true });
export const clearSession = () => {
  session.clear();
  queryClient.clear();
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
