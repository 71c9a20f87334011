// @vitest-environment jsdom
// The balance page on a phone (issue 33, "Phones and small things"): the history's period is a select that
// fits 390 px in every language (the five buttons side by side from the xs breakpoint up), and a transaction
// is a two-line row, its date under its type, so no column breaks into one word a line.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { History } from '../../src/features/wallet/balance-history';
import { Transactions } from '../../src/features/wallet/transactions';
import { balanceHistoryQueryOptions, walletTransactionsQueryOptions } from '../../src/api/wallet';
import { formatDateTime } from '../../src/lib/format';
import { renderView } from '../support/render';
import { memberQueryClient } from '../support/member';
import { weekHistory as history } from './wallet-fixtures';

const row = { id: '9', type: 'REFERRAL_BONUS', amount: '25.00', currency: 'USDT', balance_after: '1350.50', note: null, created_at: '2026-11-18T10:00:00Z' };

const original = window.matchMedia;
/** A screen `width` px wide: media queries on min-width and max-width answer as a browser would. */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
    const px = (match: RegExpExecArray) => Number(match[1]) * (match[2] === 'em' ? 16 : 1);
    const matches = (!min || width >= px(min)) && (!max || width <= px(max));
    return { matches, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
}
afterEach(() => {
  window.matchMedia = original;
});

function renderHistory() {
  const queryClient = memberQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(balanceHistoryQueryOptions('7d').queryKey, history as never);
  const onRangeChange = vi.fn();
  renderView(<History range="7d" onRangeChange={onRangeChange} />, { queryClient });
  return { onRangeChange };
}

describe("the balance history's period", () => {
  it('is a select on a phone, with the five periods, and tells the page the one chosen', async () => {
    screenWidth(390);
    const user = userEvent.setup();
    const { onRangeChange } = renderHistory();
    const period = await screen.findByRole('combobox', { name: 'Period' });
    expect(within(period).getAllByRole('option').map((option) => option.textContent)).toEqual(['7 days', '30 days', '3 months', '6 months', '12 months']);
    expect(period).toHaveValue('7d');
    await user.selectOptions(period, '3 months');
    expect(onRangeChange).toHaveBeenCalledWith('3m');
    expect(screen.queryByRole('radiogroup', { name: 'Period' })).toBeNull();
  });

  it('is five buttons side by side on wider screens', async () => {
    screenWidth(1280);
    renderHistory();
    expect(await screen.findByRole('radio', { name: '7 days' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.queryByRole('combobox', { name: 'Period' })).toBeNull();
  });

  it("puts the chart's dates at its ends and its figures on a line of their own", async () => {
    screenWidth(390);
    renderHistory();
    const caption = (await screen.findByTestId('history-chart')).closest('figure')!.querySelector('figcaption')!;
    expect(within(caption).getByTestId('history-figures')).toHaveTextContent(/^Lowest \$1\s200\.00 · highest \$1\s350\.50 · available now \$1\s350\.50$/);
  });
});

describe('a transaction on a phone', () => {
  it('is two lines: its type with the date under it, and its amount', async () => {
    const queryClient = memberQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
    queryClient.setQueryData(walletTransactionsQueryOptions(null).queryKey, {
      pages: [{ walletTransactions: { data: [row], next_cursor: null, total: 1 } }],
      pageParams: [null],
    } as never);
    renderView(<Transactions type={null} onTypeChange={() => {}} />, { queryClient });
    const [, typeCell, amountCell] = within(await screen.findByTestId('transaction-row')).getAllByRole('cell');
    expect(within(typeCell!).getByTestId('transaction-date')).toHaveTextContent(formatDateTime(row.created_at));
    expect(typeCell).toHaveTextContent('Referral bonus');
    expect(amountCell).toHaveTextContent('+$25.00');
  });
});
