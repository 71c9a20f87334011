import './app/mantine-styles';
import './app/focus.css';
import './app/brand.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { activateLocale, detectLocale } from './lib/i18n';
import { startTenantConfig } from './app/flows/shell';
import { App } from './app/app';
import { preloadRouteCode, router } from './app/router/router';
import { bootLayout, removeBootShell } from './app/boot/boot-shell';
import { session } from './lib/session';
import { connectStatelyInspector } from './lib/flow-inspection';
import { selectBooting, selectConfig } from '../machines/shell/tenant-config.selectors';
import type { TenantConfig } from './lib/tenant';

/**
 * Lets the browser run what waits (input, paint) before the next step: on a phone each step of the start-up is
 * tens of milliseconds, and one long task of all of them would leave the page unresponsive for its whole length.
 */
const nextTask = () => new Promise<void>((next) => setTimeout(next, 0));

// src/boot.ts ran first: the static shell is on screen, and the tenant's settings and the catalogue are on
// their way.
async function boot() {
  // Dev with ?inspect: the Stately inspector sees every actor from the first one on.
  if (import.meta.env.DEV) await connectStatelyInspector();
  // Evaluating the app's modules was one task; the start is the next.
  await nextTask();
  // The page's own code loads while the tenant's settings and the language catalogue do.
  preloadRouteCode(window.location.pathname);
  await nextTask();
  const tenantActor = startTenantConfig();
  await nextTask();
  // The first render waits for the settings too, so it is in the tenant's theme from the start; until the
  // router has rendered the page, the static shell stands in.
  // An auth page needs only the first part of the catalogue (src/lib/catalogues.ts); should the guess be wrong,
  // the root route loads the rest before the page renders (src/app/router/catalogue-gate.ts).
  const firstPartOnly = bootLayout(window.location.pathname, session.isLoggedIn()) === 'auth';
  await Promise.all([activateLocale(detectLocale(), { firstPartOnly }), waitFor(tenantActor, (snapshot) => !selectBooting(snapshot))]);
  // The first page's guards, loaders and code before React renders: the first render is then the page itself,
  // in slices (below), instead of a pending page that the router's store update re-renders in one sync pass.
  const tenant = selectConfig(tenantActor.getSnapshot()) as TenantConfig | null;
  router.update({ ...router.options, context: { ...router.options.context, tenant, tenantActor } });
  // A failed loader shows on the page (the router's error screen), not here.
  await router.load().catch(() => {});
  await nextTask();
  const stop = router.subscribe('onRendered', () => {
    stop();
    removeBootShell();
  });
  // A transition: React renders the first page in slices and lets the browser breathe in between.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App tenantActor={tenantActor} />
      </StrictMode>,
    ),
  );
}

void boot();
