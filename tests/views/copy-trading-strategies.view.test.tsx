// @vitest-environment jsdom
// /copy-trading and /copy-trading/{id} with given answers (issue 32): each strategy with its risk, ROI and PnL over the
// period beside their trade count, drawdown, followers and places left, minimum deposit and quote asset; full and
// probation strategies say so in calls §8's words; the period, filters and sort ask the contract for what they name
// and an empty answer offers to clear them; a failed load retries. The strategy page: the figures over the period, the
// equity curve with its summary and figures as text, the figures per period with their sample sizes, the rules, the
// trades, what following takes and the Connect slot; an unknown id; a phone gets cards, never a sideways table.
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RankingPeriod } from '../../domain/copy-trading';
import { api } from '../../src/api/client';
import { strategiesQuery, strategyQuery, type StrategyListQuery } from '../../src/api/copy-trading';
import { StrategyList } from '../../src/features/trading/copy/strategy-list';
import { StrategyPage, type ConnectStrategy } from '../../src/features/trading/copy/strategy-page';
import { createQueryClient } from '../../src/lib/query-client';
import { renderView, testTenant } from '../support/render';
import { alphaGrid, alphaGridDetail, fullHouse, newcomer, strategyId } from './copy-trading-fixtures';

afterEach(() => vi.restoreAllMocks());

const client = () => {
  const queryClient = createQueryClient(() => {});
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return queryClient;
};

/** The contract's answers; every call is recorded with its variables. */
function fakeServer(answer: (document: unknown, variables: Record<string, unknown>) => unknown) {
  return vi.spyOn(api, 'request').mockImplementation(async (document: unknown, ...rest: unknown[]) => answer(document, (rest[0] ?? {}) as Record<string, unknown>) as never);
}

function List({ initial = { period: '30d' } }: { initial?: StrategyListQuery }) {
  const [query, setQuery] = useState<StrategyListQuery>(initial);
  return <StrategyList query={query} onQueryChange={setQuery} />;
}

const phone = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: /max-width/.test(query), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as never,
  );

describe('/copy-trading', () => {
  it('shows each strategy’s risk, ROI and PnL over the period with their trade count, drawdown, followers, places left, minimum deposit and quote asset', async () => {
    fakeServer(() => ({ copyTradingStrategies: [alphaGrid, fullHouse] }));
    renderView(<List />, { queryClient: client() });
    const cards = await screen.findAllByTestId('strategy-card');
    expect(cards).toHaveLength(2);
    const alpha = within(cards[0]!);
    expect(alpha.getByRole('link', { name: 'Alpha Grid' })).toHaveAttribute('href', `/copy-trading/${strategyId(1)}`);
    expect(cards[0]!.querySelector('[data-status="low"]')).toHaveTextContent('Low risk');
    expect(alpha.getByTestId('strategy-roi')).toHaveTextContent('+12.50 %of 42 trades');
    expect(alpha.getByTestId('strategy-pnl')).toHaveTextContent(/\+\$1.250\.00of 42 trades/);
    expect(alpha.getByTestId('strategy-drawdown')).toHaveTextContent('4.20 %of 42 trades');
    expect(alpha.getByTestId('strategy-followers')).toHaveTextContent('12 of 208 places left');
    expect(alpha.getByTestId('strategy-min-deposit')).toHaveTextContent('$500.00');
    expect(alpha.getByTestId('strategy-quote')).toHaveTextContent('USDT');
    expect(alpha.queryByTestId('strategy-closed')).toBeNull();
    const full = within(cards[1]!);
    expect(cards[1]!.querySelector('[data-status="high"]')).toHaveTextContent('High risk');
    expect(full.getByTestId('strategy-roi')).toHaveTextContent('-3.10 %of 1 trade');
    expect(full.getByTestId('strategy-pnl')).toHaveTextContent('-BTC 0.01of 1 trade');
    expect(full.getByTestId('strategy-followers')).toHaveTextContent('10 of 100 places left');
    expect(full.getByTestId('strategy-full')).toHaveTextContent('A trader reached the maximum number of followers.');
    expect(screen.getByTestId('strategies-title')).toHaveTextContent('2 strategies');
    expect(screen.getByTestId('strategies-period')).toHaveTextContent('Figures over 30 days');
  });

  it('a strategy in probation says linking is impossible until its end', async () => {
    fakeServer(() => ({ copyTradingStrategies: [newcomer] }));
    renderView(<List />, { queryClient: client() });
    const card = await screen.findByTestId('strategy-card');
    expect(within(card).getByTestId('strategy-probation')).toHaveTextContent(/^Linking is impossible during the probation period\. It ends on .*2027/);
    expect(card.querySelector('[data-status="medium"]')).toHaveTextContent('Medium risk');
  });

  it('the period, risk, quote asset, open-only and sort each ask for what they name; the strategy links keep the period', async () => {
    const server = fakeServer((_document, variables) => ({
      copyTradingStrategies: (variables.filter ? [alphaGrid] : [alphaGrid, fullHouse]).map((strategy) => ({ ...strategy, stats: { ...strategy.stats, period: variables.period } })),
    }));
    renderView(<List />, { queryClient: client() });
    await screen.findAllByTestId('strategy-card');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Risk' }), 'Low risk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quote asset' }), 'USDT');
    await user.click(screen.getByRole('checkbox', { name: 'Only those taking followers' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Smallest drawdown');
    await vi.waitFor(() =>
      expect(server).toHaveBeenLastCalledWith(strategiesQuery, {
        whitelabel_uuid: testTenant.uuid,
        period: '7d',
        filter: { risk: 1, quote_asset: 'USDT', open_only: true, sort: 'drawdown' },
      }),
    );
    expect(await screen.findByTestId('strategies-title')).toHaveTextContent('1 strategy');
    expect(screen.getByTestId('strategies-period')).toHaveTextContent('Figures over 7 days');
    expect(screen.getByRole('link', { name: 'Alpha Grid' })).toHaveAttribute('href', `/copy-trading/${strategyId(1)}?period=7d`);
    // The quote assets offered are every strategy's, whatever is filtered.
    expect(within(screen.getByRole('combobox', { name: 'Quote asset' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any asset', 'BTC', 'USDT']);
  });

  it('no strategy matching says so and clears the filters (the period stays)', async () => {
    const server = fakeServer((_document, variables) => ({ copyTradingStrategies: variables.filter ? [] : [alphaGrid] }));
    renderView(<List initial={{ period: '3m', risk: 3 }} />, { queryClient: client() });
    const empty = await screen.findByTestId('strategies-empty');
    expect(empty).toHaveTextContent('No strategy matches these filters.');
    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByTestId('strategy-card')).toBeTruthy();
    expect(server).toHaveBeenLastCalledWith(strategiesQuery, { whitelabel_uuid: testTenant.uuid, period: '3m', filter: null });
  });

  it('a failed load says so with a retry that loads the list', async () => {
    let fail = true;
    fakeServer(() => {
      if (fail) throw { code: 'network' };
      return { copyTradingStrategies: [alphaGrid] };
    });
    renderView(<List />, { queryClient: client() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The strategies could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('strategy-card')).toBeTruthy();
  });
});

describe('/copy-trading/{id}', () => {
  function Page({ renderConnect, initial = '30d' }: { renderConnect?: (strategy: ConnectStrategy) => React.ReactNode; initial?: RankingPeriod }) {
    const [period, setPeriod] = useState<RankingPeriod>(initial);
    return <StrategyPage id={strategyId(1)} period={period} onPeriodChange={setPeriod} renderConnect={renderConnect} />;
  }

  it('shows the figures over the period, the equity curve with its summary and figures, the figures per period with their samples, the rules and the trades', async () => {
    fakeServer((_document, variables) => ({ copyTradingStrategy: alphaGridDetail(variables.period as RankingPeriod) }));
    renderView(<Page />, { queryClient: client() });
    const page = await screen.findByTestId('strategy-page');
    expect(within(page).getByRole('heading', { name: 'Alpha Grid' })).toBeTruthy();
    expect(screen.getByTestId('figure-roi')).toHaveTextContent('+12.50 %of 42 trades');
    expect(screen.getByTestId('figure-win-rate')).toHaveTextContent('61.90 %of 42 trades');
    expect(screen.getByTestId('figure-runtime')).toHaveTextContent('120 days');
    expect(screen.getByTestId('figure-rank')).toHaveTextContent('#3');
    expect(screen.getByTestId('equity-summary')).toHaveTextContent(
      /^Equity over 30 days: \$10.000\.00 on .+, \$11.250\.00 on .+ \(\+\$1.250\.00\); lowest \$9.800\.50, highest \$11.250\.00\.$/,
    );
    // The chart's code loads on demand.
    const chart = await screen.findByRole('img', { name: /^Equity over 30 days:/ }, { timeout: 15_000 });
    expect(chart).toHaveAttribute('data-points', '4');
    expect(within(screen.getByRole('table', { name: 'Equity over 30 days' })).getAllByRole('row')).toHaveLength(5);
    const periods = within(screen.getByRole('table', { name: 'Figures per period' })).getAllByTestId('strategy-stats-period');
    expect(periods.map((row) => row.querySelector('th')?.textContent)).toEqual(['24 hours', '48 hours', '7 days', '30 days', '3 months', '6 months']);
    expect(periods[0]).toHaveTextContent('+12.50 %of 5 trades');
    expect(periods[5]).toHaveTextContent('Not rankedneeds 180 days and 60 trades');
    expect(screen.getByTestId('computed-at')).toHaveTextContent(/^Computed at .*2027.*; the statistics are recomputed every 15 minutes\.$/);
    expect(screen.getByTestId('strategy-description').textContent).toBe('Grid trading on majors.\nNo leverage; stops at 5 % per trade.');
    const trades = within(screen.getByRole('table', { name: 'Recent trades' })).getAllByTestId('strategy-trade');
    expect(trades[0]).toHaveTextContent(/ETH\/USDTSell0\.01253.012\.52.990\.25\+\$0\.28/);
    expect(trades[1]).toHaveTextContent(/BTC\/USDTBuy0\.00261.00060.500-\$1\.00/);
    const follow = screen.getByTestId('strategy-follow');
    expect(within(follow).getByTestId('strategy-followers')).toHaveTextContent('12 of 208 places left');
    expect(within(follow).getByTestId('strategy-min-deposit')).toHaveTextContent('$500.00');
    expect(within(follow).getByTestId('strategy-fee')).toHaveTextContent('20.00 %');
  });

  it('switching the period asks for that period’s curve and figures', async () => {
    const server = fakeServer((_document, variables) => ({ copyTradingStrategy: alphaGridDetail(variables.period as RankingPeriod) }));
    renderView(<Page />, { queryClient: client() });
    await screen.findByTestId('strategy-page');
    await userEvent.setup().click(screen.getByRole('radio', { name: '3 months' }));
    await vi.waitFor(() => expect(screen.getByTestId('period-figures')).toHaveAttribute('data-period', '3m'));
    expect(server).toHaveBeenLastCalledWith(strategyQuery, { whitelabel_uuid: testTenant.uuid, id: strategyId(1), period: '3m' });
    expect(screen.getByTestId('equity-summary')).toHaveTextContent(/^Equity over 3 months:/);
  });

  it('renders the Connect panel it is given with the strategy, and is whole without it', async () => {
    fakeServer(() => ({ copyTradingStrategy: alphaGridDetail() }));
    const renderConnect = vi.fn((strategy: ConnectStrategy) => <button type="button">Connect to {strategy.name}</button>);
    const { unmount } = renderView(<Page renderConnect={renderConnect} />, { queryClient: client() });
    expect(await within(await screen.findByTestId('strategy-follow')).findByRole('button', { name: 'Connect to Alpha Grid' })).toBeTruthy();
    expect(renderConnect).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: strategyId(1), name: 'Alpha Grid', quote_asset: 'USDT', min_deposit: '500.00', in_probation: false, capacity_left: 8, mine: false }),
    );
    unmount();
    renderView(<Page />, { queryClient: client() });
    expect(await screen.findByTestId('strategy-follow')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
  });

  it('a period where it qualified but placed below the public top 100 says so, not that it is unranked', async () => {
    const detail = alphaGridDetail();
    fakeServer(() => ({ copyTradingStrategy: { ...detail, all_stats: detail.all_stats.map((row) => (row.period === '3m' ? { ...row, rank: null } : row)) } }));
    renderView(<Page />, { queryClient: client() });
    const periods = await screen.findAllByTestId('strategy-stats-period');
    expect(periods[4]).toHaveTextContent('Below the top 100');
    expect(periods[4]).not.toHaveTextContent('Not ranked');
  });

  it('shows the ten latest trades and the rest on asking', async () => {
    const detail = alphaGridDetail();
    const many = Array.from({ length: 12 }, (_, index) => ({ ...detail.recent_trades[0]!, id: `t${index}` }));
    fakeServer(() => ({ copyTradingStrategy: { ...detail, recent_trades: many } }));
    renderView(<Page />, { queryClient: client() });
    expect(await screen.findAllByTestId('strategy-trade')).toHaveLength(10);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all 12 trades' }));
    expect(screen.getAllByTestId('strategy-trade')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });

  it('a full strategy in probation says both in calls §8’s words', async () => {
    fakeServer(() => ({ copyTradingStrategy: { ...alphaGridDetail(), in_probation: true, probation_until: '2027-04-01T00:00:00.000Z', capacity_left: 0, followers: 20 } }));
    renderView(<Page />, { queryClient: client() });
    expect(await screen.findByTestId('strategy-probation')).toHaveTextContent('Linking is impossible during the probation period.');
    expect(screen.getByTestId('strategy-full')).toHaveTextContent('A trader reached the maximum number of followers.');
  });

  it('an unknown id says "Account or strategy not found." with the way back', async () => {
    fakeServer(() => {
      throw { code: 'server', category: 'not_found', reason: 'AccountNotFound' };
    });
    renderView(<Page />, { queryClient: client() });
    const notFound = await screen.findByTestId('strategy-not-found');
    expect(notFound).toHaveTextContent('Account or strategy not found.');
    expect(within(notFound).getByRole('link', { name: 'See all strategies' })).toHaveAttribute('href', '/copy-trading');
  });

  it('on a phone the figures per period and the trades are cards, not a table', async () => {
    phone();
    fakeServer(() => ({ copyTradingStrategy: alphaGridDetail() }));
    renderView(<Page />, { queryClient: client() });
    await screen.findByTestId('strategy-page');
    expect(screen.queryAllByRole('table').map((table) => table.getAttribute('aria-label'))).toEqual(['Equity over 30 days']);
    const periods = within(screen.getByRole('list', { name: 'Figures per period' })).getAllByRole('listitem');
    expect(periods).toHaveLength(6);
    expect(periods[2]).toHaveAccessibleName('7 days');
    expect(within(screen.getByRole('list', { name: 'Recent trades' })).getAllByRole('listitem')[0]).toHaveTextContent(/^ETH\/USDT · Sell/);
  });
});
