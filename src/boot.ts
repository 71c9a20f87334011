// Boot, the page's only script (index.html; the CSP allows no inline script): it sets up the static shell
// (layout, colour scheme, the cached tenant's logo and colours), starts what the first render waits for (the
// tenant's settings, the language catalogue) and, once the shell has painted, loads the app's and the page's
// code. It stays small: nothing of React, Mantine, the router or the flows.
import { bootLayout, brandBootShell, paintBootProducts, prepareBootShell } from './app/boot/boot-shell';
import { sendEarlyStoreRequests } from './app/boot/store-request';
import { preloadCodeFromMap } from './app/boot/route-code';
import { readCachedTenantConfig, startEarlyTenantRequest, type SendDocument } from './app/boot/tenant-request';
import { catalogues, detectLocale } from './lib/catalogues';
import { hostSource } from './lib/host-source';
import { session } from './lib/session';
import { takePageAnswer } from './api/page-answers';

/**
 * The boot script's one request: a plain fetch, since it runs before any library has loaded (the app's own
 * client, src/api/client.ts with graphql-request, comes with the app's code). GraphQL over HTTP: the
 * document as its generated string, the variables as JSON. Anything but data is a plain rejection; the
 * tenant-config flow then asks again through the app's client, which tells the failures apart (spec §8).
 * An answer the server already put in the page is taken instead (src/api/page-answers.ts).
 */
const send: SendDocument = async (document, variables) => {
  const inPage = takePageAnswer(document.toString(), variables as Record<string, unknown>);
  if (inPage !== undefined) return inPage as never;
  const response = await fetch(import.meta.env.VITE_GRAPHQL_URL ?? '/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      // As the app's client sends it (src/api/client.ts), for the requests it takes over (src/app/boot/store-request.ts).
      ...(session.token() ? { authorization: `Bearer ${session.token()}` } : {}),
    },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const body = (await response.json()) as { data?: never; errors?: unknown[] } | null;
  if (!response.ok || !body?.data || body.errors?.length) throw new Error(`boot: the tenant's settings failed (HTTP ${response.status})`);
  return body.data;
};

const loggedIn = session.isLoggedIn();
prepareBootShell(readCachedTenantConfig(), loggedIn);

// Requests go out in order of need, as they share a few connections and the bandwidth: the tenant's settings,
// the logo (and on the public store its first products and their images) first; the app's and the page's code
// once the shell shows them (or the settings failed, or take long). On a phone's connection the app's 160 KB
// would otherwise share the bandwidth with that first paint, and its start-up work delay it; the app cannot
// render before the settings are there in any case.
const shellPainted = new Promise<void>((shown) => {
  const answer = startEarlyTenantRequest(send, hostSource(window.location.host), (whiteLabel) => {
    // The public store's products and categories, while the app's code is still on its way; the shell shows
    // the first row of products from them, and the app waits for that paint too.
    const products = sendEarlyStoreRequests(send, whiteLabel, window.location)?.then(
      (data) => paintBootProducts(data.moduleProducts),
      () => {},
    );
    void Promise.all([brandBootShell(whiteLabel), products]).then(() => shown());
  });
  answer.then(
    (settings) => settings ?? shown(),
    () => shown(),
  );
  setTimeout(shown, 3000);
  if (document.visibilityState === 'hidden') shown();
});
// The language catalogue's first part (the shell and the auth pages), and its rest for any other page.
const locale = detectLocale();
const catalogue = catalogues[locale];
const authPage = bootLayout(window.location.pathname, loggedIn) === 'auth';
for (const part of [catalogue.first, ...(authPage ? [] : [catalogue.rest])]) {
  part().catch(() => {
    // The app loads it again and shows its own error.
  });
}
// The locale's number data, loaded while the page waits for the network: the first money format of a page
// (src/lib/format.ts) loads it, 20-30 ms on a phone, which otherwise fell in the store's or the dashboard's
// first render. Auth pages show no money.
if (!authPage) setTimeout(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).formatToParts(1));

const nextFrame = () =>
  new Promise<void>((painted) => {
    requestAnimationFrame(() => setTimeout(painted));
    setTimeout(painted, 100);
  });
/**
 * The app's code, all of it fetched at once, evaluated a chunk per task: the libraries' three chunks, then the
 * app's (scripts/build/chunk-groups.ts), so that no one task holds the page for long.
 */
async function startApp(): Promise<void> {
  preloadCodeFromMap(window.location.pathname, loggedIn);
  for (const evaluate of [() => import('./app/boot/libraries/routing'), () => import('./app/boot/libraries/ui'), () => import('./app/boot/libraries/state')]) {
    await evaluate();
    await new Promise((next) => setTimeout(next, 0));
  }
  await import('./main');
}
void shellPainted.then(nextFrame).then(startApp);
