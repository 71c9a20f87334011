// The tenant's web font (font_family, with the stylesheet the server hosts for it: font_stylesheet). The boot
// script links it while the static shell is up, and the faces the pages use (400 to 700) start loading as
// soon as the stylesheet is in, before the app's first text, which then starts in the font itself (or, on a
// slow line, in its size-matched fallback). The app links it too when the settings change. No React here.
import { firstFontFamily, webFontWeights } from '../../domain/font-family';

const marker = 'data-tenant-font';

export function linkTenantFont(href: string | null | undefined, fontFamily: string | null | undefined): void {
  if (typeof document === 'undefined') return;
  const existing = document.querySelector<HTMLLinkElement>(`link[${marker}]`);
  if (!href || !fontFamily) return void existing?.remove();
  if (existing?.getAttribute('href') === href) return;
  const link = existing ?? document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute(marker, '');
  const family = firstFontFamily(fontFamily);
  link.onload = () => {
    for (const weight of webFontWeights) void document.fonts.load(`${weight} 1em "${family}"`).catch(() => {});
  };
  link.href = href;
  if (!existing) document.head.append(link);
}
