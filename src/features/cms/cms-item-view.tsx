// One CMS entry /template/{id}/{itemId} (spec §3 "CMS module"): its title, date, picture and body. The body
// is the editors' HTML and shows only after the sanitiser (src/components/rich-text.tsx, DOMPurify) has taken
// out scripts, event handlers and javascript: links. Not found (spec §8 templates), failure and loading.
import { Anchor, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconArrowLeft } from '@tabler/icons-react';
import { cmsItemQueryOptions, type CmsModule } from '../../api/cms';
import { cmsModuleName } from '../../api/shell';
import { useTenant } from '../../lib/tenant-context';
import { formatDate } from '../../lib/format';
import { RichText } from '../../components/rich-text';
import { RouterAnchor } from '../../components/router-links';
import { CmsLoadFailed, CmsLoading, TemplateNotFound, useCmsModule } from './cms-module';
import { useCmsBodyLinkRule, useCmsLink } from './cms-links';

export function CmsItemView({ moduleId, itemId }: { moduleId: string; itemId: string }) {
  const lookup = useCmsModule(moduleId);
  if (lookup.state === 'loading') return <CmsLoading rows={1} />;
  if (lookup.state === 'failed') return <CmsLoadFailed error={null} onRetry={lookup.retry} />;
  if (lookup.state === 'missing') return <TemplateNotFound />;
  return <Entry module={lookup.module} itemId={itemId} />;
}

function Entry({ module, itemId }: { module: CmsModule; itemId: string }) {
  const tenant = useTenant();
  const { i18n } = useLingui();
  const item = useQuery(cmsItemQueryOptions(tenant.uuid, module, itemId, i18n.locale));
  const link = useCmsLink(item.data?.link);
  const keepBodyLink = useCmsBodyLinkRule();
  const moduleName = cmsModuleName(module, i18n.locale);
  const back = (
    <RouterAnchor to="/template/$id" params={{ id: module.id }} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
      <Trans>Back to {moduleName}</Trans>
    </RouterAnchor>
  );
  if (item.isPending) return <CmsLoading rows={1} />;
  if (item.isError) return <CmsLoadFailed error={item.error} onRetry={() => void item.refetch()} />;
  if (item.data === null) return <TemplateNotFound>{back}</TemplateNotFound>;
  const entry = item.data;
  return (
    <Stack gap="md" component="article" aria-labelledby="cms-entry-title" maw={760}>
      {back}
      <Title order={2} id="cms-entry-title" style={{ overflowWrap: 'anywhere' }}>
        {entry.title}
      </Title>
      {entry.published_at && (
        <Text size="sm" c="dimmed" component="time" dateTime={entry.published_at}>
          {formatDate(entry.published_at)}
        </Text>
      )}
      {entry.image && <Image src={entry.image} alt="" mah={240} fit="contain" radius="md" />}
      <RichText html={entry.body_html} keepLink={keepBodyLink} />
      {link && (
        <Anchor href={link}>
          <Trans>Learn more</Trans>
        </Anchor>
      )}
    </Stack>
  );
}
