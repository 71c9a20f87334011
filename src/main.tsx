import './app/mantine-styles';
import './app/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, detectLocale } from './lib/i18n';
import { startTenantConfig } from './app/flows/shell';
import { App } from './app/app';
import { connectStatelyInspector } from './lib/flow-inspection';

async function boot() {
  // Dev with ?inspect: the Stately inspector sees every actor from the first one on.
  if (import.meta.env.DEV) await connectStatelyInspector();
  // The tenant's settings load while the language catalogue does.
  const tenantActor = startTenantConfig();
  await activateLocale(detectLocale());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App tenantActor={tenantActor} />
    </StrictMode>,
  );
}

void boot();
