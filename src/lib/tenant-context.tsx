// The loaded tenant configuration, available to every view.
import { createContext, useContext } from 'react';
import type { TenantConfig } from './tenant';

export const TenantContext = createContext<TenantConfig | null>(null);

/** The tenant's configuration, in every view below a layout (whose guard has made sure it is loaded). */
export function useTenant(): TenantConfig {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('The tenant configuration is not loaded');
  return tenant;
}

/** The tenant's configuration where a view also shows without it (the 408 screen, the document title). */
export function useLoadedTenant(): TenantConfig | null {
  return useContext(TenantContext);
}
