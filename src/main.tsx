import './app/mantine-styles';
import './app/focus.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { activateLocale, detectLocale } from './lib/i18n';
import { startTenantConfig } from './app/flows/shell';
import { App } from './app/app';
import { preloadRouteCode, router } from './app/router';
import { bootLayout, removeBootShell } from './app/boot-shell';
import { session } from './lib/session';
import { connectStatelyInspector } from './lib/flow-inspection';
import { selectBooting } from '../machines/shell/tenant-config.selectors';

// src/boot.ts ran first: the static shell is on screen, and the tenant's settings and the catalogue are on
// their way.
async function boot() {
  // Dev with ?inspect: the Stately inspector sees every actor from the first one on.
  if (import.meta.env.DEV) await connectStatelyInspector();
  // The page's own code loads while the tenant's settings and the language catalogue do.
  preloadRouteCode(window.location.pathname);
  const tenantActor = startTenantConfig();
  // The first render waits for the settings too, so it is in the tenant's theme from the start; until the
  // router has rendered the page, the static shell stands in.
  // An auth page needs only the first part of the catalogue (src/lib/catalogues.ts); should the guess be wrong,
  // the root route loads the rest before the page renders (src/app/catalogue-gate.ts).
  const firstPartOnly = bootLayout(window.location.pathname, session.isLoggedIn()) === 'auth';
  await Promise.all([activateLocale(detectLocale(), { firstPartOnly }), waitFor(tenantActor, (snapshot) => !selectBooting(snapshot))]);
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
