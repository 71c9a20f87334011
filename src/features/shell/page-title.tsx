import { useEffect } from 'react';
import { useMatches } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Title } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { tenantFeatures } from '../../lib/tenant';
import { useLoadedTenant } from '../../lib/tenant-context';
import { loaderPageName } from '../../lib/route-meta';

/**
 * The name of the current route: the name its loader gave (a CMS page's module), else its staticData title
 * translated (as the tenant reads it), or null.
 */
export function usePageTitle(): string | null {
  const { i18n } = useLingui();
  const tenant = useLoadedTenant();
  const investmentMode = tenant ? tenantFeatures(tenant).investmentMode : false;
  const title = useMatches({
    select: (matches) => {
      const match = [...matches].reverse().find((candidate) => loaderPageName(candidate.loaderData) || candidate.staticData.title);
      if (!match) return undefined;
      const named = loaderPageName(match.loaderData);
      if (named) return named;
      return (investmentMode && match.staticData.titleInInvestmentMode) || match.staticData.title;
    },
  });
  if (!title) return null;
  return typeof title === 'string' ? title : i18n._(title);
}

/** What the document title says when the route names nothing (spec §2: the product's own default). */
export const untitledPage = msg`Something went wrong`;

/** Keeps the document title and favicon the tenant's: "Page | Tenant". */
export function useDocumentBranding(): void {
  const { i18n } = useLingui();
  const tenant = useLoadedTenant();
  const title = usePageTitle() ?? i18n._(untitledPage);
  const name = tenant?.whiteLabel.name;
  const favicon = tenant?.whiteLabel.design?.favicon;
  useEffect(() => {
    document.title = [title, name].filter(Boolean).join(' | ');
  }, [title, name]);
  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }, [favicon]);
}

/** The page wrapper's heading: the route's translated name (hidden on small screens, where the header has it). */
export function PageHeading({ hiddenOnSmallScreens = true }: { hiddenOnSmallScreens?: boolean }) {
  const title = usePageTitle();
  if (!title) return null;
  return (
    <Title order={1} size="h2" mb="lg" visibleFrom={hiddenOnSmallScreens ? 'md' : undefined}>
      {title}
    </Title>
  );
}
