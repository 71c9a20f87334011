// The strategy list's choices (issue 32): the period the figures cover, risk, quote asset, only strategies that take
// followers now, and the sort. The route keeps them in the address, so a reload or a shared link shows the same list.
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { riskLevel } from '../../../../domain/copy-trading';
import { riskChoices, strategySorts, type StrategyListQuery } from '../../../api/copy-trading';
import { PeriodSwitch } from './strategy-parts';
import { riskNames, sortNames } from './strategy.messages';

export const hasFilters = (query: StrategyListQuery) => Boolean(query.risk || query.quoteAsset || query.openOnly || query.sort);

export function StrategyFilters({
  query,
  quoteAssets,
  onChange,
}: {
  query: StrategyListQuery;
  quoteAssets: readonly string[];
  onChange: (query: StrategyListQuery) => void;
}) {
  const { t, i18n } = useLingui();
  const set = (change: Partial<StrategyListQuery>) => onChange({ ...query, ...change });
  const assets = query.quoteAsset && !quoteAssets.includes(query.quoteAsset) ? [...quoteAssets, query.quoteAsset] : quoteAssets;
  return (
    <Stack gap="sm" component="section" aria-label={t`Filters`} data-testid="strategy-filters">
      <PeriodSwitch value={query.period} onChange={(period) => set({ period })} />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <NativeSelect
          label={t`Risk`}
          value={query.risk ? String(query.risk) : ''}
          onChange={(event) => set({ risk: riskChoices.find((risk) => String(risk) === event.currentTarget.value) })}
          data={[{ value: '', label: t`Any risk` }, ...riskChoices.map((risk) => ({ value: String(risk), label: i18n._(riskNames[riskLevel(risk)]) }))]}
        />
        <NativeSelect
          label={t`Quote asset`}
          value={query.quoteAsset ?? ''}
          onChange={(event) => set({ quoteAsset: event.currentTarget.value || undefined })}
          data={[{ value: '', label: t`Any asset` }, ...assets.map((asset) => ({ value: asset, label: asset }))]}
        />
        <NativeSelect
          label={t`Sort by`}
          value={query.sort ?? 'roi'}
          onChange={(event) => {
            const sort = strategySorts.find((choice) => choice === event.currentTarget.value);
            set({ sort: sort === 'roi' ? undefined : sort });
          }}
          data={strategySorts.map((sort) => ({ value: sort, label: i18n._(sortNames[sort]) }))}
        />
        <Checkbox
          label={t`Only those taking followers`}
          checked={query.openOnly ?? false}
          onChange={(event) => set({ openOnly: event.currentTarget.checked || undefined })}
          style={{ alignSelf: 'end' }}
          mb={8}
        />
      </SimpleGrid>
      {hasFilters(query) && (
        <Group>
          <Button variant="subtle" size="xs" onClick={() => onChange({ period: query.period })}>
            <Trans>Clear the filters</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
