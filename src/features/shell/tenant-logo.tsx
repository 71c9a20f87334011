import { Image, useComputedColorScheme } from '@mantine/core';
import { useLoadedTenant } from '../../lib/tenant-context';

/** The tenant's logo for the current colour scheme, named by the tenant's name for screen readers. */
export function TenantLogo({ height = 36 }: { height?: number }) {
  const tenant = useLoadedTenant();
  const scheme = useComputedColorScheme('light');
  if (!tenant) return null;
  const { whiteLabel } = tenant;
  const src =
    (scheme === 'dark' ? whiteLabel.design?.dark_logo : whiteLabel.design?.light_logo) ?? whiteLabel.logo ?? null;
  if (!src) return <strong data-testid="tenant-name">{whiteLabel.name}</strong>;
  return <Image src={src} alt={whiteLabel.name} h={height} w="auto" fit="contain" data-testid="tenant-logo" />;
}
