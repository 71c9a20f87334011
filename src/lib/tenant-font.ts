// The tenant's web font (font_family, with the stylesheet the server hosts for it: font_stylesheet). The boot
// script links it while the static shell is up, so the faces are known before the app's first text; the app
// links it too when the settings change or the boot script had none. Kept free of React and Mantine.
const marker = 'data-tenant-font';

export function linkTenantFont(href: string | null | undefined): void {
  if (typeof document === 'undefined') return;
  const existing = document.querySelector<HTMLLinkElement>(`link[${marker}]`);
  if (!href) return void existing?.remove();
  if (existing?.getAttribute('href') === href) return;
  const link = existing ?? document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute(marker, '');
  link.href = href;
  if (!existing) document.head.append(link);
}
