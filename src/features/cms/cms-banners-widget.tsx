// The dashboard's CMS banners widget (issue "Wallet", dashboard): the entries of the tenant's banners module
// (template "banners" in moduleCms), each with its picture, title, summary and where it leads, fetched from
// the module's url like the CMS pages. Its own loading, empty and failure states; a tenant without a banners
// module gets the empty state. Titled in the member's language (the module's name is the operator's, in one
// language). The dashboard places it through the composition root.
import { Anchor, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { cmsListQueryOptions, type CmsEntry, type CmsModule } from '../../api/cms';
import { moduleCmsQueryOptions } from '../../api/shell';
import { useTenant } from '../../lib/tenant-context';
import { RouterAnchor } from '../../components/router-links';
import { LoadError } from '../../components/load-state';
import { useCmsLink } from './cms-links';

/** How many banners the widget shows; the module's page lists them all. */
const shownBanners = 3;

export function CmsBannersWidget() {
  const tenant = useTenant();
  const modules = useQuery(moduleCmsQueryOptions(tenant.uuid));
  const module = modules.data?.moduleCms.find((candidate) => candidate.template_name === 'banners');
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="cms-banners-title" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h5" id="cms-banners-title">
          <Trans>News and offers</Trans>
        </Title>
        {modules.isPending ? (
          <BannersLoading />
        ) : modules.isError ? (
          <BannersFailed retry={() => void modules.refetch()} />
        ) : module ? (
          <ModuleBanners module={module} />
        ) : (
          <NoBanners />
        )}
      </Stack>
    </Card>
  );
}

function ModuleBanners({ module }: { module: CmsModule }) {
  const tenant = useTenant();
  const { i18n } = useLingui();
  const list = useQuery(cmsListQueryOptions(tenant.uuid, module, i18n.locale));
  if (list.isPending) return <BannersLoading />;
  if (list.isError) return <BannersFailed retry={() => void list.refetch()} />;
  if (!list.data || list.data.length === 0) return <NoBanners />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.slice(0, shownBanners).map((entry) => (
        <li key={entry.id} data-testid="dashboard-banner">
          <Banner module={module} entry={entry} />
        </li>
      ))}
      {list.data.length > shownBanners && (
        <li>
          <RouterAnchor to="/template/$id" params={{ id: module.id }} size="sm">
            <Trans>See all</Trans>
          </RouterAnchor>
        </li>
      )}
    </Stack>
  );
}

function Banner({ module, entry }: { module: CmsModule; entry: CmsEntry }) {
  const link = useCmsLink(entry.link);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {entry.image && <Image src={entry.image} alt="" w={56} h={56} radius="sm" fit="cover" />}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <RouterAnchor
          to="/template/$id/$itemId"
          params={{ id: module.id, itemId: entry.id }}
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
        >
          {entry.title}
        </RouterAnchor>
        {entry.summary && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {entry.summary}
          </Text>
        )}
        {link && (
          <Anchor href={link} size="sm">
            <Trans>Learn more</Trans>
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}

function BannersLoading() {
  const { t } = useLingui();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading banners…`}>
      <Skeleton h={56} />
      <Skeleton h={56} />
    </Stack>
  );
}

function NoBanners() {
  return (
    <Text c="dimmed" data-testid="dashboard-banners-empty">
      <Trans>No news or offers right now.</Trans>
    </Text>
  );
}

function BannersFailed({ retry }: { retry: () => void }) {
  return <LoadError what={<Trans>The banners could not be loaded.</Trans>} retry={retry} />;
}
