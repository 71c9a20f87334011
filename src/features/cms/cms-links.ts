// Links that CMS editors write (a banner's target) are followed only when they stay on the portal (a path)
// or go to an https site: a javascript: or data: address is dropped, as the sanitiser drops it in bodies. A
// path to a page whose module the tenant has off is dropped too: it would answer 404.
import { useCallback } from 'react';
import { isPathOn } from '../../lib/module-paths';
import { tenantFeatures, type TenantFeatures } from '../../lib/tenant';
import { useTenant } from '../../lib/tenant-context';

export function safeCmsLink(link: string | null | undefined, features: TenantFeatures): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return isPathOn(link, features) ? link : null;
  try {
    return new URL(link).protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
}

/** Whether a link of an entry's body may stay a link on this tenant (a page whose module is off may not). */
export function useCmsBodyLinkRule(): (href: string) => boolean {
  const tenant = useTenant();
  return useCallback(
    (href: string) => !href.startsWith('/') || href.startsWith('//') || isPathOn(href, tenantFeatures(tenant)),
    [tenant],
  );
}

/** An entry's link as the member may follow it on this tenant, or null. */
export function useCmsLink(link: string | null | undefined): string | null {
  return safeCmsLink(link, tenantFeatures(useTenant()));
}
