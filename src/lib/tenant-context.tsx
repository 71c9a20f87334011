// The loaded tenant configuration, available to every view.
import { createContext, useContext } from 'react';
import type { TenantConfig } from './tenant';

export const TenantContext = createContext<TenantConfig | null>(null);

/** The tenant's configuration; null only on the 408 screen, when nothing could be loaded. */
export function useTenant(): TenantConfig | null {
  return useContext(TenantContext);
}
