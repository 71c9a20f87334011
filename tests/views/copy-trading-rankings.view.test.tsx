// @vitest-environment jsdom
// /rankings/{period?} and /ranking/{id} with given answers (issue 32): the top strategies over the period with rank,
// trader, strategy (to its public page, the period kept), ROI, PnL, drawdown and win rate each beside its trade count,
// trades and runtime; what the period asks to be ranked and when the figures were computed; the period switch; a
// ranking not computed yet, one nobody qualifies for, a failed load with a retry; cards on a phone. The ranked
// strategy's page: the figures over the period with the curve, every period's figures, the rules, and the way to
// follow it for a member and for a visitor; an unknown id.
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RankingPeriod } from '../../domain/copy-trading';
import { api } from '../../src/api/client';
import { rankingQuery, rankingsQuery } from '../../src/api/copy-trading';
import { RankingsView } from '../../src/features/trading/copy/ranking-list';
import { RankingPage } from '../../src/features/trading/copy/ranking-page';
import { createQueryClient } from '../../src/lib/query-client';
import { renderView, testTenant } from '../support/render';
import { ranking, rankingDetail, strategyId } from './copy-trading-fixtures';

afterEach(() => vi.restoreAllMocks());

const client = () => {
  const queryClient = createQueryClient(() => {});
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return queryClient;
};

function fakeServer(answer: (document: unknown, variables: Record<string, unknown>) => unknown) {
  return vi.spyOn(api, 'request').mockImplementation(async (document: unknown, ...rest: unknown[]) => answer(document, (rest[0] ?? {}) as Record<string, unknown>) as never);
}

function Rankings({ initial = '7d' }: { initial?: RankingPeriod }) {
  const [period, setPeriod] = useState<RankingPeriod>(initial);
  return <RankingsView period={period} onPeriodChange={setPeriod} />;
}

describe('/rankings', () => {
  it('lists the top strategies with each figure beside its sample, the period’s minimums and the time of computation', async () => {
    fakeServer((_document, variables) => ({ rankings: ranking(variables.period as RankingPeriod) }));
    renderView(<Rankings />, { queryClient: client() });
    const table = await screen.findByRole('table', { name: 'Top strategies over 7 days' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rank',
      'Trader',
      'Strategy',
      'ROI',
      'PnL',
      'Max drawdown',
      'Win rate',
      'Trades',
      'Runtime',
    ]);
    const rows = within(table).getAllByTestId('ranking-entry');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(rows[0]!.querySelector('th')).toHaveTextContent('#1');
    expect(cells).toEqual(['Tom Trader', 'Beta SwingMedium risk', '+25.00 %of 31 trades', '+$1,250.00of 31 trades'.replace(',', '\u00a0'), '4.20 %of 31 trades', '61.90 %of 31 trades', '31', '120 days']);
    expect(within(rows[0]!).getByRole('link', { name: 'Beta Swing' })).toHaveAttribute('href', `/ranking/${strategyId(2)}?period=7d`);
    expect(screen.getByTestId('ranking-minimum')).toHaveTextContent(
      'To be ranked over 7 days a strategy needs at least 14 days of runtime and 10 closed trades in the period.',
    );
    expect(screen.getByTestId('computed-at')).toHaveTextContent(/^Computed at .*2027.*; the statistics are recomputed every 15 minutes\.$/);
  });

  it('the period switch asks for that period’s ranking and the links follow', async () => {
    const server = fakeServer((_document, variables) => ({ rankings: ranking(variables.period as RankingPeriod) }));
    renderView(<Rankings />, { queryClient: client() });
    await screen.findByTestId('ranking-entries');
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    await userEvent.setup().click(screen.getByRole('radio', { name: '6 months' }));
    await vi.waitFor(() => expect(screen.getByTestId('ranking')).toHaveAttribute('data-period', '6m'));
    expect(server).toHaveBeenLastCalledWith(rankingsQuery, { whitelabel_uuid: testTenant.uuid, period: '6m' });
    expect(screen.getByRole('table', { name: 'Top strategies over 6 months' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beta Swing' })).toHaveAttribute('href', `/ranking/${strategyId(2)}?period=6m`);
  });

  it('while the next period loads, the last ranking stays, busy and named for its own period', async () => {
    let answer6m: (value: unknown) => void = () => {};
    fakeServer((_document, variables) =>
      variables.period === '6m' ? new Promise((resolve) => (answer6m = resolve)) : { rankings: ranking(variables.period as RankingPeriod) },
    );
    renderView(<Rankings />, { queryClient: client() });
    await screen.findByTestId('ranking-entries');
    await userEvent.setup().click(screen.getByRole('radio', { name: '6 months' }));
    expect(screen.getByRole('radio', { name: '6 months' })).toBeChecked();
    const shown = screen.getByTestId('ranking');
    await vi.waitFor(() => expect(shown).toHaveAttribute('aria-busy', 'true'));
    expect(shown).toHaveAttribute('data-period', '7d');
    expect(screen.getByRole('table', { name: 'Top strategies over 7 days' })).toBeTruthy();
    answer6m({ rankings: ranking('6m') });
    await vi.waitFor(() => expect(screen.getByTestId('ranking')).toHaveAttribute('data-period', '6m'));
    expect(screen.getByTestId('ranking')).toHaveAttribute('aria-busy', 'false');
  });

  it('says when nobody qualifies yet, and when the ranking was never computed', async () => {
    fakeServer(() => ({ rankings: ranking('30d', { entries: [] }) }));
    const { unmount } = renderView(<Rankings initial="30d" />, { queryClient: client() });
    expect(await screen.findByTestId('ranking-empty')).toHaveTextContent('No strategy qualifies over 30 days yet.');
    unmount();
    vi.restoreAllMocks();
    fakeServer(() => ({ rankings: ranking('30d', { entries: [], computed_at: null }) }));
    renderView(<Rankings initial="30d" />, { queryClient: client() });
    expect(await screen.findByTestId('ranking-empty')).toHaveTextContent('The ranking has not been computed yet.');
    expect(screen.getByTestId('computed-at')).toHaveTextContent('Not computed yet');
  });

  it('a failed load says so with a retry', async () => {
    let fail = true;
    fakeServer(() => {
      if (fail) throw { code: 'network' };
      return { rankings: ranking('7d') };
    });
    renderView(<Rankings />, { queryClient: client() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The ranking could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('ranking-entries')).toBeTruthy();
  });

  it('on a phone each place is a card headed by its rank and strategy, with every figure and its sample', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: /max-width/.test(query), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as never,
    );
    fakeServer((_document, variables) => ({ rankings: ranking(variables.period as RankingPeriod) }));
    renderView(<Rankings />, { queryClient: client() });
    const list = await screen.findByRole('list', { name: 'Top strategies over 7 days' });
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveAccessibleName('#1 Beta Swing');
    expect(first).toHaveTextContent(/^#1Beta SwingMedium risk/);
    expect(within(first).getAllByRole('term').map((term) => term.textContent)).toEqual(['Trader', 'ROI', 'PnL', 'Max drawdown', 'Win rate', 'Trades', 'Runtime']);
    expect(first).toHaveTextContent('+25.00 %of 31 trades');
  });
});

describe('/ranking/{id}', () => {
  function Page({ signedIn }: { signedIn: boolean }) {
    const [period, setPeriod] = useState<RankingPeriod>('30d');
    return <RankingPage id={strategyId(1)} period={period} onPeriodChange={setPeriod} signedIn={signedIn} />;
  }

  it('shows the figures over the period with the curve, every period’s figures and the rules; a visitor logs in to copy it', async () => {
    const server = fakeServer((_document, variables) => ({ ranking: rankingDetail(variables.period as RankingPeriod) }));
    renderView(<Page signedIn={false} />, { queryClient: client() });
    const page = await screen.findByTestId('ranking-page');
    expect(within(page).getByRole('heading', { name: 'Alpha Grid' })).toBeTruthy();
    expect(screen.getByTestId('figure-roi')).toHaveTextContent('+12.50 %of 35 trades');
    expect(screen.getByTestId('equity-summary')).toHaveTextContent(/^Equity over 30 days: /);
    expect(screen.getAllByTestId('strategy-stats-period')).toHaveLength(6);
    expect(screen.getByTestId('strategy-description')).toHaveTextContent('Grid trading on majors.');
    expect(screen.getByRole('link', { name: 'Log in to copy this strategy' })).toHaveAttribute('href', `/login?to=%2Fcopy-trading%2F${strategyId(1)}`);
    expect(screen.getByRole('link', { name: 'Rankings over 30 days' })).toHaveAttribute('href', '/rankings/30d');
    await userEvent.setup().click(screen.getByRole('radio', { name: '24 hours' }));
    await vi.waitFor(() => expect(screen.getByTestId('period-figures')).toHaveAttribute('data-period', '24h'));
    expect(server).toHaveBeenLastCalledWith(rankingQuery, { whitelabel_uuid: testTenant.uuid, id: strategyId(1), period: '24h' });
    expect(screen.getByRole('link', { name: 'Rankings over 24 hours' })).toHaveAttribute('href', '/rankings/24h');
  });

  it('a member opens it in copy trading', async () => {
    fakeServer(() => ({ ranking: rankingDetail() }));
    renderView(<Page signedIn />, { queryClient: client() });
    expect(await screen.findByRole('link', { name: 'Open in copy trading' })).toHaveAttribute('href', `/copy-trading/${strategyId(1)}`);
  });

  it('an unknown id says "Account or strategy not found." with the way back', async () => {
    fakeServer(() => {
      throw { code: 'server', category: 'not_found', reason: 'AccountNotFound' };
    });
    renderView(<Page signedIn={false} />, { queryClient: client() });
    const notFound = await screen.findByTestId('ranking-not-found');
    expect(notFound).toHaveTextContent('Account or strategy not found.');
    expect(within(notFound).getByRole('link', { name: 'Rankings over 30 days' })).toHaveAttribute('href', '/rankings/30d');
  });
});
