// One deal as a card (issue 30): its pipeline as a timeline with the date it reached each stage ("declined" says so,
// with the reason), and its money in $: the transaction amount, the fee and the referrer fee. A team deal shows the
// filer shortened, how far down the team they are and what the member earns from it; never the filer's answers.
import type { MessageDescriptor } from '@lingui/core';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { dealPipeline } from '../../../domain/deals';
import type { Deal } from '../../../machines/deals/deals.types';
import { Figure } from '../../components/figure';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, formatMoney } from '../../lib/format';
import { dealStatusNames, distanceNames, kidsNames, maritalStatusNames, paymentSchemeNames, readinessNames } from './deals.messages';

/** The pipeline as far as the deal went: every stage up to completed, or the stages reached and then declined. */
function DealTimeline({ deal }: { deal: Deal }) {
  const { i18n, t } = useLingui();
  const reachedAt = new Map(deal.history.map((stage) => [stage.status, stage.at]));
  const reached = dealPipeline.filter((status) => reachedAt.has(status));
  const stages = deal.status === 'declined' ? [...reached, 'declined' as const] : dealPipeline;
  const active = deal.status === 'declined' ? stages.length - 1 : dealPipeline.indexOf(deal.status);
  return (
    <Timeline
      active={active}
      bulletSize={12}
      lineWidth={2}
      color={deal.status === 'declined' ? 'red' : undefined}
      styles={{ item: { marginTop: 4 }, itemBody: { paddingTop: 0 } }}
      data-testid={`deal-${deal.id}-timeline`}
    >
      {stages.map((status) => {
        const at = reachedAt.get(status);
        return (
          <Timeline.Item key={status} data-stage={status} data-reached={at ? 'true' : 'false'}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={status === deal.status ? 700 : 400} c={at ? undefined : 'dimmed'}>
                {i18n._(dealStatusNames[status])}
              </Text>
              <Text size="xs" c="dimmed" ta="right">
                {at ? formatDate(at) : t`Not reached yet`}
              </Text>
            </Group>
            {status === 'declined' && deal.declineReason && (
              <Text size="sm" data-testid={`deal-${deal.id}-reason`}>
                {deal.declineReason}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

function Money({ value, currency, testId }: { value: string | null; currency: string; testId: string }) {
  const { t } = useLingui();
  return <span data-testid={testId}>{value === null ? t`Not set yet` : formatMoney(value, currency)}</span>;
}

function Answers({ deal }: { deal: Deal }) {
  const { i18n, t } = useLingui();
  const named = (names: Record<string, MessageDescriptor>, value: string | null) => {
    const name = value === null ? undefined : names[value];
    return name ? i18n._(name) : (value ?? '—');
  };
  const rows: [string, string][] = [
    [t`Job`, deal.job ?? '—'],
    [t`Marital status`, named(maritalStatusNames, deal.maritalStatus)],
    [t`Kids`, named(kidsNames, deal.kids)],
    [t`Distance to the sea`, named(distanceNames, deal.distanceToSea)],
    [t`Payment scheme`, named(paymentSchemeNames, deal.paymentScheme)],
    [t`Readiness`, named(readinessNames, deal.readiness)],
    [t`Contacts`, deal.contacts ?? '—'],
  ];
  return (
    <details>
      <summary>
        <Text span size="sm">
          <Trans>Your request</Trans>
        </Text>
      </summary>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" component="dl" mt="xs" mb={0}>
        {rows.map(([label, value]) => (
          <Figure key={label} label={label}>
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Figure>
        ))}
      </SimpleGrid>
    </details>
  );
}

export function DealCard({ deal, team }: { deal: Deal; team: boolean }) {
  const { i18n, t } = useLingui();
  const title = team ? deal.memberName : [deal.firstName, deal.lastName].filter(Boolean).join(' ');
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`deal-${deal.id}-title`} data-testid={`deal-${deal.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={700} id={`deal-${deal.id}-title`}>
              <Trans>Deal No. {deal.id}</Trans>: {title}
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>Filed {formatDate(deal.createdAt)}</Trans>
              {team && <> · {t`Level ${deal.level}`}</>}
            </Text>
          </Stack>
          <StatusBadge status={deal.status} label={i18n._(dealStatusNames[deal.status])} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
          <Figure label={t`Transaction amount`}>
            <Money value={deal.transactionAmount} currency={deal.currency} testId={`deal-${deal.id}-amount`} />
          </Figure>
          {!team && (
            <Figure label={t`Transaction fee`}>
              <Money value={deal.transactionFee} currency={deal.currency} testId={`deal-${deal.id}-fee`} />
            </Figure>
          )}
          <Figure label={team ? t`You earn` : t`Referrer fee`}>
            <Group gap={6} wrap="nowrap">
              <Money value={team ? deal.viewerFee : deal.referrerFee} currency={deal.currency} testId={`deal-${deal.id}-referrer-fee`} />
              {team && deal.feePaid && (
                <Badge size="xs" variant="dot" color="green">
                  <Trans>Credited</Trans>
                </Badge>
              )}
            </Group>
          </Figure>
        </SimpleGrid>
        <DealTimeline deal={deal} />
        {!team && <Answers deal={deal} />}
      </Stack>
    </Card>
  );
}
