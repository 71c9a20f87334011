// Renders a view as the app does: language, theme, queries, tenant, and a router (for links).
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { i18n } from '../../src/lib/i18n';
import { TenantContext } from '../../src/lib/tenant-context';
import type { TenantConfig } from '../../src/lib/tenant';
import { tenantTheme } from '../../src/app/theme';

export const testTenant: TenantConfig = {
  uuid: '00000000-0000-4000-8000-000000000001',
  productConfig: null,
  whiteLabel: {
    uuid: '00000000-0000-4000-8000-000000000001',
    name: 'Test Portal',
    user_agreement_link: 'https://example.com/terms',
    privacy_policy_link: null,
    modules: [],
    design: null,
    supported_currencies: [],
  } as unknown as TenantConfig['whiteLabel'],
};

export function renderView(
  ui: ReactNode,
  { tenant = testTenant, queryClient = new QueryClient() }: { tenant?: TenantConfig | null; queryClient?: QueryClient } = {},
) {
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <I18nProvider i18n={i18n}>
      {/* Mantine in test mode: no transitions, no portals (its documented jsdom setting). */}
      <MantineProvider theme={tenantTheme(null)} env="test">
        <QueryClientProvider client={queryClient}>
          <TenantContext.Provider value={tenant}>
            <RouterProvider router={router as never} />
          </TenantContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
}
