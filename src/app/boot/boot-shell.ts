// The static shell of index.html (#boot-shell): a skeleton of the page's layout painted before any script
// runs, with the geometry of the real layouts (src/features/shell) so nothing jumps when the app replaces it.
// The boot script (src/boot.ts) picks its layout and colour scheme, and brands it (logo or name, colours)
// from the cached settings at once and from the fresh ones as soon as they arrive, long before the app's code
// has loaded; the app removes it when the router has rendered the first page (src/main.tsx). Its styles are
// inline in index.html (the server's CSP allows inline styles, not inline scripts).
import type { TenantConfig, WhiteLabel } from '../../lib/tenant';
import { cssUrl, schemeColours } from '../../lib/tenant-colours';
import { linkTenantFont } from '../../lib/tenant-font';
import { readLocal, storageKeys } from '../../lib/storage';
import { leadImage, type ProductImages } from '../../../machines/shop/lead-image';

export type BootLayout = 'auth' | 'visitor' | 'member' | 'plain';
export type ColorScheme = 'light' | 'dark';

const shell = () => (typeof document === 'undefined' ? null : document.getElementById('boot-shell'));

/** Whether the shell is still on screen (the app shows no loader of its own while it is). */
export const bootShellShown = () => shell() !== null;

/** The app has rendered its first page: the shell goes. */
export function removeBootShell(): void {
  shell()?.remove();
}

/** A product as the store's first page lists it: the fields the shell shows (src/api/shop.ts ProductFields). */
export interface BootProduct extends ProductImages {
  id: string;
  name: string;
  bg_color?: string | null;
}

/**
 * The public store's first row of products, painted into the visitor skeleton from the boot script's early
 * answer (src/app/boot/store-request.ts) while the app's code is still loading: each card a plain link to its
 * product page (it works before the app does), its image fetched at once, with the product card's geometry.
 * The app's own list takes over when the shell goes. Names are set as text, never as markup. Resolves once
 * the images can be painted (loaded and decoded, or failed).
 */
export function paintBootProducts(products: readonly BootProduct[]): Promise<void> {
  const element = shell();
  const page = element?.querySelector('.bs-app .bs-page');
  if (!element || !page || element.dataset.layout !== 'visitor' || !products.length) return Promise.resolve();
  const decoded: Promise<void>[] = [];
  const grid = document.createElement('div');
  grid.className = 'bs-products';
  for (const product of products.slice(0, 4)) {
    const card = document.createElement('a');
    card.className = 'bs-product';
    card.href = `/store/product/${encodeURIComponent(product.id)}`;
    const box = document.createElement('div');
    box.className = 'bs-product-image';
    if (product.bg_color) box.style.background = product.bg_color;
    const url = leadImage(product);
    if (url) {
      const image = document.createElement('img');
      image.alt = '';
      image.setAttribute('fetchpriority', 'high');
      image.src = url;
      box.append(image);
      decoded.push(image.decode().catch(() => {}));
    }
    const name = document.createElement('div');
    name.className = 'bs-product-name';
    name.textContent = product.name;
    card.append(box, name);
    grid.append(card);
  }
  // Room for the list's sort and category controls above, so the cards stay put when the app takes over.
  const controls = document.createElement('span');
  controls.className = 'bs-bone bs-store-controls';
  page.querySelector('.bs-block')?.replaceWith(controls, grid);
  return Promise.all(decoded).then(() => {});
}

/**
 * The scheme the app will use (src/app/app.tsx with Mantine's localStorage manager): light when the tenant
 * forbids dark; else the stored choice ("auto" follows the system); else the tenant's default, else light.
 */
export function bootColorScheme(
  whiteLabel: Pick<WhiteLabel, 'design'> | null,
  stored: string | null = readLocal(storageKeys.theme),
  systemDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches,
): ColorScheme {
  const design = whiteLabel?.design;
  if (design && !design.dark_theme_allowed) return 'light';
  if (stored === 'light' || stored === 'dark') return stored;
  if (stored === 'auto') return systemDark ? 'dark' : 'light';
  return design?.default_theme === 'dark' ? 'dark' : 'light';
}

const authPages = new Set(['login', 'oauthlogin', 'logout', 'autologin']);
const guestPages = new Set(['register', 'resetpassword', 'newpassword', 'verifyemail']);
const publicPages = new Set(['projects', 'ranking', 'rankings']);
const plainPages = new Set(['404', '408', 'widget', 'course', 'flows']);

/**
 * The layout the first page will most likely have (a wrong guess only shows another skeleton for a moment):
 * the route guard's rules of src/app/router/route-guard.ts in short, by the path's first segment.
 */
export function bootLayout(pathname: string, loggedIn: boolean): BootLayout {
  const first = pathname.split('/')[1] ?? '';
  if (authPages.has(first)) return 'auth';
  if (guestPages.has(first)) return loggedIn ? 'member' : 'auth';
  if (plainPages.has(first)) return 'plain';
  if (first === 'store') return 'visitor';
  if (publicPages.has(first)) return loggedIn ? 'member' : 'visitor';
  return loggedIn ? 'member' : 'auth';
}

/** Picks the layout and the scheme, and brands the shell from the settings cached by the last visit. */
export function prepareBootShell(cached: TenantConfig | null, loggedIn: boolean): void {
  const element = shell();
  if (!element) return;
  element.dataset.layout = bootLayout(window.location.pathname, loggedIn);
  if (cached) brandBootShell(cached.whiteLabel);
  else document.documentElement.setAttribute('data-mantine-color-scheme', bootColorScheme(null));
}

/**
 * The tenant's scheme, colours and logo (or name) on the shell. Resolves once the logo can be painted (it
 * has loaded and decoded, or failed), or at once without a logo.
 */
export function brandBootShell(whiteLabel: WhiteLabel): Promise<void> {
  const element = shell();
  if (!element) return Promise.resolve();
  const scheme = bootColorScheme(whiteLabel);
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  const colours = schemeColours(whiteLabel, scheme);
  const set = (name: string, value: string | null) => (value ? element.style.setProperty(name, value) : element.style.removeProperty(name));
  set('--bs-body', colours.mainBackground);
  set('--bs-page', colours.surfaceBackground);
  set('--bs-card', colours.surface);
  set('--bs-image', colours.backgroundImage && cssUrl(colours.backgroundImage));
  set('--bs-image-position', whiteLabel.design?.background_image_position ?? null);
  set('--bs-image-size', whiteLabel.design?.background_image_size ?? null);
  // The web font's faces are known before the app's first text: it starts in the font or its size-matched fallback.
  linkTenantFont(whiteLabel.font_stylesheet, whiteLabel.font_family);
  const design = whiteLabel.design;
  // The tab shows the tenant's icon from the start (the app keeps it: src/features/shell/page-title.tsx).
  if (design?.favicon) document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute('href', design.favicon);
  const logo = (scheme === 'dark' ? design?.dark_logo : design?.light_logo) ?? whiteLabel.logo ?? null;
  const decoded: Promise<void>[] = [];
  for (const slot of element.querySelectorAll<HTMLElement>('.bs-logo')) {
    const image = slot.querySelector('img');
    if (logo && image) {
      image.alt = whiteLabel.name;
      if (image.getAttribute('src') !== logo) image.src = logo;
      if (slot.offsetParent !== null) decoded.push(image.decode().catch(() => {}));
    } else if (!logo) {
      image?.removeAttribute('src');
      let name = slot.querySelector('strong');
      if (!name) name = slot.appendChild(document.createElement('strong'));
      name.className = 'bs-name';
      name.textContent = whiteLabel.name;
    }
  }
  return Promise.all(decoded).then(() => {});
}
