// /copy-trading (issue 32, spot or futures module): the tenant's strategies with their figures over the chosen period
// (ROI and PnL with the trades they come from, the largest drawdown), risk, followers and places left, minimum deposit
// and quote asset; those that take no followers say why (calls §8). Cards at every width: a phone never scrolls
// sideways. Each opens its page (/copy-trading/{id}), the period kept.
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { defaultPeriod } from '../../../../domain/copy-trading';
import { periodOf, strategiesQueryOptions, type StrategyCard, type StrategyListQuery } from '../../../api/copy-trading';
import { Figure } from '../../../components/figure';
import { LoadError, Loading } from '../../../components/load-state';
import { RouterAnchor } from '../../../components/router-links';
import { formatMoney } from '../../../lib/format';
import { useTenant } from '../../../lib/tenant-context';
import { hasFilters, StrategyFilters } from './strategy-filters';
import { percentText, signedMoneyText, signedPercentText } from './strategy-format';
import { Availability, FollowersFigure, RiskBadge, Sampled, Trader, TradesSample } from './strategy-parts';
import { periodNames } from './strategy.messages';

function StrategyCardView({ strategy, period }: { strategy: StrategyCard; period: StrategyListQuery['period'] }) {
  const titleId = `strategy-${strategy.id}`;
  const stats = strategy.stats;
  const sample = <TradesSample trades={stats.trades} />;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId} data-testid="strategy-card" data-strategy={strategy.id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            <RouterAnchor to="/copy-trading/{-$id}" params={{ id: strategy.id }} search={{ period: period === defaultPeriod ? undefined : period }}>
              {strategy.name}
            </RouterAnchor>
          </Title>
          <RiskBadge risk={strategy.risk} />
        </Group>
        <Group gap="xs" justify="space-between">
          <Trader name={strategy.trader_name} avatar={strategy.trader_avatar} />
          <Text size="xs" c="dimmed">
            {strategy.exchange_name}
            {strategy.mine && (
              <>
                {' · '}
                <Trans>Your strategy</Trans>
              </>
            )}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
          <Figure label={<Trans>ROI</Trans>} testId="strategy-roi">
            <Sampled sample={sample}>{signedPercentText(stats.roi_percent)}</Sampled>
          </Figure>
          <Figure label={<Trans>PnL</Trans>} testId="strategy-pnl">
            <Sampled sample={sample}>{signedMoneyText(stats.pnl, strategy.quote_asset)}</Sampled>
          </Figure>
          <Figure label={<Trans>Max drawdown</Trans>} testId="strategy-drawdown">
            <Sampled sample={sample}>{percentText(stats.max_drawdown_percent)}</Sampled>
          </Figure>
          <FollowersFigure strategy={strategy} />
          <Figure label={<Trans>Minimum deposit</Trans>} testId="strategy-min-deposit">
            {formatMoney(strategy.min_deposit, strategy.quote_asset)}
          </Figure>
          <Figure label={<Trans>Quote asset</Trans>} testId="strategy-quote">
            {strategy.quote_asset}
          </Figure>
        </SimpleGrid>
        <Availability strategy={strategy} />
      </Stack>
    </Card>
  );
}

export function StrategyList({ query, onQueryChange }: { query: StrategyListQuery; onQueryChange: (query: StrategyListQuery) => void }) {
  const { i18n } = useLingui();
  const tenant = useTenant();
  const strategies = useQuery({ ...strategiesQueryOptions(tenant.uuid, query), placeholderData: keepPreviousData });
  // The quote assets to choose from: those of every strategy, whatever is filtered now.
  const all = useQuery({
    ...strategiesQueryOptions(tenant.uuid, { period: query.period }),
    select: (list) => [...new Set(list.map((strategy) => strategy.quote_asset))].sort(),
  });
  // The period of the figures shown (the last answer stays until the next one comes).
  const shownPeriod = periodOf(strategies.data?.[0]?.stats.period ?? query.period);
  const periodName = i18n._(periodNames[shownPeriod]);
  return (
    <Stack gap="md">
      <StrategyFilters query={query} quoteAssets={all.data ?? []} onChange={onQueryChange} />
      {strategies.isPending && <Loading label={<Trans>Loading the strategies…</Trans>} />}
      {strategies.isError && !strategies.data && (
        <LoadError what={<Trans>The strategies could not be loaded.</Trans>} retry={() => void strategies.refetch()} />
      )}
      {strategies.data && (
        <Stack gap="sm" component="section" aria-labelledby="strategies-title" aria-busy={strategies.isPlaceholderData}>
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h4" id="strategies-title" data-testid="strategies-title">
              <Plural value={strategies.data.length} one="# strategy" other="# strategies" />
            </Title>
            <Text size="sm" c="dimmed" data-testid="strategies-period">
              <Trans>Figures over {periodName}</Trans>
            </Text>
          </Group>
          {strategies.data.length === 0 ? (
            <Card withBorder data-testid="strategies-empty">
              <Stack gap="xs" align="flex-start">
                <Text size="sm" c="dimmed">
                  {hasFilters(query) ? <Trans>No strategy matches these filters.</Trans> : <Trans>No strategies yet.</Trans>}
                </Text>
                {hasFilters(query) && (
                  <Button variant="light" size="xs" onClick={() => onQueryChange({ period: query.period })}>
                    <Trans>Clear the filters</Trans>
                  </Button>
                )}
              </Stack>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="strategies" data-period={shownPeriod}>
              {strategies.data.map((strategy) => (
                <StrategyCardView key={strategy.id} strategy={strategy} period={shownPeriod} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Stack>
  );
}
