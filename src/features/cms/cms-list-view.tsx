// A CMS page /template/{id} (spec §2 menu, §3 "CMS module"): the module's entries in the member's language,
// newest as the editors ordered them; each opens at /template/{id}/{itemId}. Banners show their picture
// and where they lead. Loading, empty ("Templates not found.", spec §8), not-found and failure states.
import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { cmsListQueryOptions, type CmsEntry, type CmsModule } from '../../api/cms';
import { cmsModuleName } from '../../api/shell';
import { useTenant } from '../../lib/tenant-context';
import { formatDate } from '../../lib/format';
import { RouterAnchor } from '../../components/router-links';
import { CmsLoadFailed, CmsLoading, TemplateNotFound, useCmsModule } from './cms-module';
import { useCmsLink } from './cms-links';

export function CmsListView({ moduleId }: { moduleId: string }) {
  const lookup = useCmsModule(moduleId);
  if (lookup.state === 'loading') return <CmsLoading />;
  if (lookup.state === 'failed') return <CmsLoadFailed error={null} onRetry={lookup.retry} />;
  if (lookup.state === 'missing') return <TemplateNotFound />;
  return <ModuleEntries module={lookup.module} />;
}

function ModuleEntries({ module }: { module: CmsModule }) {
  const tenant = useTenant();
  const { i18n } = useLingui();
  const list = useQuery(cmsListQueryOptions(tenant.uuid, module, i18n.locale));
  return (
    // The page's heading (and the phone's header) is the module's name: the section is named by it, not
    // headed by it a second time.
    <Stack gap="lg" component="section" aria-label={cmsModuleName(module, i18n.locale)}>
      {list.isPending ? (
        <CmsLoading />
      ) : list.isError ? (
        <CmsLoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data === null ? (
        <TemplateNotFound />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" role="status" data-testid="cms-empty">
          <Trans>Templates not found.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: module.template_name === 'banners' ? 2 : 1 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.map((entry) => (
            <li key={entry.id}>
              <EntryCard module={module} entry={entry} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function EntryCard({ module, entry }: { module: CmsModule; entry: CmsEntry }) {
  const link = useCmsLink(entry.link);
  return (
    <Card withBorder radius="md" padding="md" data-testid="cms-entry">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {entry.image && <Image src={entry.image} alt="" w={72} h={72} radius="sm" fit="cover" visibleFrom="xs" />}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <RouterAnchor to="/template/$id/$itemId" params={{ id: module.id, itemId: entry.id }} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entry.title}
          </RouterAnchor>
          {entry.published_at && (
            <Text size="xs" c="dimmed" component="time" dateTime={entry.published_at}>
              {formatDate(entry.published_at)}
            </Text>
          )}
          {entry.summary && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
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
    </Card>
  );
}
