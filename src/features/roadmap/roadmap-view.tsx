// /roadmap (issue 30, roadmap module): the tenant's roadmap items grouped by stage (planned, in progress, done) and
// then by quarter, each with its title, its description (sanitised), its date and its votes. A member votes once
// for an item and can take the vote back (Fider-style); the count changes at once and goes back if the server
// refuses (src/api/roadmap.ts; the notifier says why). Columns side by side on wide screens, one below the other
// on phones.
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { roadmapStages, type RoadmapStage } from '../../../domain/roadmap';
import { roadmapQueryOptions, roadmapVoteMutationOptions, type RoadmapItem } from '../../api/roadmap';
import { LoadError } from '../../components/load-state';
import { RichText } from '../../components/rich-text';
import { formatDate } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';
import { roadmapStageNames } from './roadmap.messages';

/** "2026-Q4" as "Q4 2026". */
const quarterLabel = (quarter: string) => {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  return match ? `Q${match[2]} ${match[1]}` : quarter;
};

/** A stage's items by quarter: what is coming soonest first, what was done last first. */
function byQuarter(items: readonly RoadmapItem[], stage: RoadmapStage): [string, RoadmapItem[]][] {
  const direction = stage === 'done' ? -1 : 1;
  const sorted = [...items].sort((a, b) => direction * (a.date.localeCompare(b.date) || a.title.localeCompare(b.title)));
  const groups = new Map<string, RoadmapItem[]>();
  for (const item of sorted) groups.set(item.quarter, [...(groups.get(item.quarter) ?? []), item]);
  return [...groups.entries()];
}

function VoteButton({ item, onVote }: { item: RoadmapItem; onVote: (vote: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant={item.vote ? 'filled' : 'default'}
        aria-pressed={item.vote}
        aria-label={t`Vote for ${item.title}`}
        leftSection={item.vote ? <IconCheck size={14} aria-hidden /> : undefined}
        onClick={() => onVote(!item.vote)}
      >
        <Trans>Vote</Trans>
      </Button>
      <Text size="sm" data-testid="roadmap-votes">
        <Plural value={item.votes} one="# vote" other="# votes" />
      </Text>
    </Group>
  );
}

function ItemCard({ item, onVote }: { item: RoadmapItem; onVote: (vote: boolean) => void }) {
  const titleId = `roadmap-item-${item.id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId} data-testid="roadmap-item">
      <Stack gap="xs">
        <Title order={4} size="h5" id={titleId}>
          {item.title}
        </Title>
        <RichText html={item.description} />
        <Text size="xs" c="dimmed">
          {item.stage === 'done' ? <Trans>Done {formatDate(item.date)}</Trans> : <Trans>Planned for {formatDate(item.date)}</Trans>}
        </Text>
        <VoteButton item={item} onVote={onVote} />
      </Stack>
    </Card>
  );
}

function StageColumn({ stage, items, onVote }: { stage: RoadmapStage; items: RoadmapItem[]; onVote: (item: RoadmapItem, vote: boolean) => void }) {
  const { i18n } = useLingui();
  const headingId = `roadmap-stage-${stage}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid={`roadmap-${stage}`}>
      <Title order={2} size="h4" id={headingId}>
        {i18n._(roadmapStageNames[stage])}
      </Title>
      {byQuarter(items, stage).map(([quarter, quarterItems]) => (
        <Stack gap="sm" key={quarter}>
          <Title order={3} size="h6" c="dimmed">
            {quarterLabel(quarter)}
          </Title>
          {quarterItems.map((item) => (
            <ItemCard key={item.id} item={item} onVote={(vote) => onVote(item, vote)} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

export function RoadmapView() {
  const { t } = useLingui();
  const tenant = useTenant();
  const queryClient = useQueryClient();
  const query = useQuery(roadmapQueryOptions(tenant.uuid));
  const vote = useMutation(roadmapVoteMutationOptions(queryClient, tenant.uuid));
  if (query.isPending) return <Skeleton h={320} aria-label={t`Loading the roadmap`} />;
  if (query.isError) return <LoadError what={<Trans>The roadmap could not be loaded.</Trans>} retry={() => void query.refetch()} />;
  const stages = roadmapStages
    .map((stage) => ({ stage, items: query.data.filter((item) => item.stage === stage) }))
    .filter((column) => column.items.length > 0);
  if (stages.length === 0) {
    return (
      <Card withBorder>
        <Text c="dimmed" data-testid="roadmap-empty">
          <Trans>No roadmap items yet: what is planned will show here.</Trans>
        </Text>
      </Card>
    );
  }
  const onlyDone = stages.length === 1 && stages[0]!.stage === 'done';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {onlyDone ? (
          <Trans>Everything on the roadmap is done. New plans will show here; meanwhile, vote for what helped you most.</Trans>
        ) : (
          <Trans>Vote for what you want most; click again to take your vote back.</Trans>
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, md: stages.length }} spacing="lg" data-testid="roadmap">
        {stages.map(({ stage, items }) => (
          <StageColumn key={stage} stage={stage} items={items} onVote={(item, given) => vote.mutate({ itemId: item.id, vote: given })} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
