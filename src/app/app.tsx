// The composition root's React tree: language, theme from the tenant, notifications, router. The query
// client comes with the layouts that show server data (src/app/router/query-scope.tsx).
import { Suspense, lazy, startTransition, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { i18n } from '../lib/i18n';
import { storageKeys } from '../lib/storage';
import { TenantContext } from '../lib/tenant-context';
import type { TenantConfig } from '../lib/tenant';
import { linkTenantFont } from '../lib/tenant-font';
import { whenIdle } from '../lib/when-idle';
import { tenantCssVariables, tenantTheme } from './theme';
import { router } from './router/router';
import type { TenantConfigActor } from './flows/shell';
import { selectBooting, selectConfig } from '../../machines/shell/tenant-config.selectors';
import './router/auth-redirect';
import { notifier, showNoticeAfterReload } from './toasts';
import { toastTimeout } from '../../domain/timing';
import { AppStateActorContext, OldBrowserActorContext } from '../features/app-status/app-status.contexts';
import { BootLoader } from '../features/shell/tenant-config-screens';
import { LazyOverlay } from '../components/lazy-overlay';
import { selectMaintenance, selectNewVersionDialog, selectReloading } from '../../machines/app-status/app-state.selectors';
import { selectOpened } from '../../machines/app-status/old-browser.selectors';

// The app-wide dialogs (maintenance, new version, old browser): their flows run from the start, their code
// (Modal, focus trap, scroll lock) loads when one of them first opens.
const AppDialogs = lazy(() => import('../features/app-status/app-dialogs'));

// The notifier's code and styles load with the first toast (src/app/toasts.ts).
const Notifications = lazy(() => import('./notifier'));

const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.theme });

type AppStatus = typeof import('./flows/app-status');

/** Mounts the app-wide dialogs once one of them opens. */
function AppStatusDialogs({ status }: { status: AppStatus }) {
  const maintenance = useSelector(status.appStateActor, selectMaintenance);
  const newVersion = useSelector(status.appStateActor, selectNewVersionDialog);
  // "Reload now" in the new-version notice goes straight to reloading: its busy dialog must open too.
  const reloading = useSelector(status.appStateActor, selectReloading);
  const oldBrowser = useSelector(status.oldBrowserActor, selectOpened);
  return (
    <LazyOverlay opened={maintenance || newVersion || reloading || oldBrowser}>
      <AppDialogs />
    </LazyOverlay>
  );
}

/** The notifier, from the first toast on. */
function LazyNotifications() {
  const wanted = useSyncExternalStore(notifier.subscribe, notifier.wanted, notifier.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Top centre: at the top right a toast covered the close button of the panels that open from the right (the cart). */}
      <Notifications position="top-center" autoClose={toastTimeout} />
    </Suspense>
  );
}

/**
 * The app-wide status flows, started once the browser is idle after the first page (their code is not on the
 * first load), for the views that read them. Their arrival renders this component and the contexts' readers
 * only: `children` (the page) is the same element, and the tree above stays as it is (the theme's provider
 * above all: each of its renders rendered every Mantine component of the page again).
 */
function AppStatusScope({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AppStatus | null>(null);
  useEffect(() => {
    showNoticeAfterReload();
    // Not while the first page still renders and starts: their first poll is no hurry.
    return whenIdle(
      () =>
        void import('./flows/app-status').then((module) => {
          module.startAppStatus();
          // A transition: the providers' new value renders in slices.
          startTransition(() => setStatus(module));
        }),
    );
  }, []);
  return (
    <AppStateActorContext.Provider value={status?.appStateActor ?? null}>
      <OldBrowserActorContext.Provider value={status?.oldBrowserActor ?? null}>
        {children}
        {status && <AppStatusDialogs status={status} />}
      </OldBrowserActorContext.Provider>
    </AppStateActorContext.Provider>
  );
}

/**
 * The tenant's web font (linked by the boot script already, unless the settings changed since) and its tag
 * manager: the latter only once the first page is on screen and the browser is idle, and only with a gtm_tag.
 */
function useTenantHead(whiteLabel: TenantConfig['whiteLabel'] | null): void {
  const font = whiteLabel?.font_stylesheet;
  const family = whiteLabel?.font_family;
  const tagManager = whiteLabel?.gtm_script_url;
  useEffect(() => linkTenantFont(font, family), [font, family]);
  useEffect(() => {
    if (!tagManager) return;
    return whenIdle(() => void import('../lib/tag-manager').then((module) => module.loadTagManager(tagManager)));
  }, [tagManager]);
}

export function App({ tenantActor }: { tenantActor: TenantConfigActor }) {
  const booting = useSelector(tenantActor, selectBooting);
  // The flow keeps the loaded settings as they came (it reads only their uuid).
  const tenant = useSelector(tenantActor, selectConfig) as TenantConfig | null;
  const whiteLabel = tenant?.whiteLabel ?? null;
  const theme = useMemo(() => tenantTheme(whiteLabel), [whiteLabel]);
  const cssVariablesResolver = useMemo(() => tenantCssVariables(whiteLabel), [whiteLabel]);
  const design = whiteLabel?.design;
  useTenantHead(whiteLabel);
  // The page keeps its element while the app-status flows arrive (AppStatusScope).
  const page = useMemo(
    () => (booting ? <BootLoader /> : <RouterProvider router={router} context={{ tenant, tenantActor }} />),
    [booting, tenant, tenantActor],
  );

  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={design?.default_theme === 'dark' ? 'dark' : 'light'}
        forceColorScheme={design && !design.dark_theme_allowed ? 'light' : undefined}
      >
        <LazyNotifications />
        <TenantContext.Provider value={tenant}>
          <AppStatusScope>{page}</AppStatusScope>
        </TenantContext.Provider>
      </MantineProvider>
    </I18nProvider>
  );
}
