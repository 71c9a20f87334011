// @vitest-environment jsdom
// The balance page's states with given answers: wallets with their totals (available + locked), the history
// with its entry sums and spoken summary, transactions with translated types; empty and failed loads.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { BalanceView } from '../../src/features/wallet/balance-view';
import { balanceHistoryQueryOptions, walletBalancesQueryOptions, walletTransactionsQueryOptions, withdrawalOptionsQueryOptions } from '../../src/api/wallet';
import { renderView } from '../support/render';
import { activateLocale } from '../../src/lib/i18n';
import { transactionTypes } from '../../domain/ledger';
import { memberQueryClient } from '../support/member';
import { weekHistory as history } from './wallet-fixtures';

const balances = {
  me: {
    id: '1',
    wallet_balance: [
      { currency: 'USDT', symbol: '₮', icon: null, type: 'crypto', credit: '0', available: '1250.50', locked: '100.00', usdt_value: '1350.50', withdrawn: '200.00' },
    ],
  },
};
const noDetails = { invoice_tag: null, subject: null, count: null, ref: null, reason: null };
const transactions = (rows: object[], next: string | null = null) => ({
  pages: [{ walletTransactions: { data: rows, next_cursor: next, total: rows.length + (next ? 5 : 0) } }],
  pageParams: [null],
});

/** The withdrawal form's options: it takes the USDT wallet; `suspended` while withdrawals are suspended. */
const withdrawalOptions = (suspended: boolean, reason: string | null = suspended ? 'overdue_invoices' : null) => ({
  withdrawalOptions: {
    currencies: [{ currency: 'USDT', symbol: '₮', type: 'crypto', available: '1250.50', min_amount: '10', max_amount: '10000', methods: ['crypto'] }],
    templates: [],
    twofa: true,
    suspended,
    suspended_reason: reason,
    automation: false,
    wait_days_min: 1,
    wait_days_max: 3,
  },
});

function renderPage(answers: { balances?: unknown; history?: unknown; transactions?: unknown; withdrawalOptions?: unknown }) {
  const queryClient = memberQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  if (answers.balances) queryClient.setQueryData(walletBalancesQueryOptions().queryKey, answers.balances as never);
  if (answers.history) queryClient.setQueryData(balanceHistoryQueryOptions('7d').queryKey, answers.history as never);
  if (answers.transactions) queryClient.setQueryData(walletTransactionsQueryOptions(null).queryKey, answers.transactions as never);
  if (answers.withdrawalOptions) queryClient.setQueryData(withdrawalOptionsQueryOptions().queryKey, answers.withdrawalOptions as never);
  const onRangeChange = vi.fn();
  renderView(<BalanceView range="7d" onRangeChange={onRangeChange} type={null} onTypeChange={() => {}} depositSlot={<button type="button">Deposit</button>} />, { queryClient });
  return { onRangeChange };
}

describe('balance view', () => {
  it('shows the wallets with total = available + locked, the deposit slot, the history sums and translated transactions', async () => {
    renderPage({
      balances,
      history,
      transactions: transactions(
        [{ id: '9', type: 'REFERRAL_BONUS', amount: '25.00', currency: 'USDT', balance_after: '1350.50', note: null, details: noDetails, created_at: '2026-11-18T10:00:00Z' }],
        '9',
      ),
    });
    const wallets = await screen.findByRole('region', { name: 'My wallets' });
    expect(within(wallets).getByRole('button', { name: 'Deposit' })).toBeInTheDocument();
    expect(within(wallets).getByTestId('wallet-total')).toHaveTextContent('$1 350.50');
    const chart = screen.getByTestId('history-chart');
    expect(chart).toHaveAttribute('data-points', '2');
    expect(chart.getAttribute('aria-label')).toMatch(/lowest \$1\s200\.00, highest \$1\s350\.50, available now \$1\s350\.50/);
    expect(screen.getByTestId('history-RealisedPNL')).toHaveTextContent('$3.75');
    expect(screen.getByTestId('history-Withdrawal')).toHaveTextContent('-$40.00');
    const list = screen.getByRole('region', { name: 'Transactions' });
    expect(within(list).getByTestId('transaction-row')).toHaveTextContent('Referral bonus');
    expect(within(list).getByTestId('transaction-row')).toHaveTextContent('+$25.00');
    expect(within(list).getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    expect(within(list).getByRole('status')).toHaveTextContent('1 of 6 shown');
  });

  it("builds each note in the member's language from the row's figures, never the server's English, and groups the type filter (issue 33)", async () => {
    await activateLocale('uk');
    try {
      const row = (id: string, type: string, note: string, details: object) => ({
        id,
        type,
        amount: '-49.90',
        currency: 'USDT',
        balance_after: '1300.60',
        note,
        details: { ...noDetails, ...details },
        created_at: '2026-11-18T10:00:00Z',
      });
      renderPage({
        balances,
        history,
        transactions: transactions([
          row('1', 'INVOICE', 'Invoice INV-1', { invoice_tag: 'INV-1' }),
          row('2', 'WITHDRAWAL', 'Withdrawal #7', { ref: '7' }),
          row('3', 'LOTTERY_TICKET', 'Big draw: 2 tickets', { subject: 'Big draw', count: 2 }),
        ]),
      });
      const list = await screen.findByRole('region', { name: 'Транзакції' });
      const notes = within(list).getAllByTestId('transaction-note').map((note) => note.textContent);
      expect(notes).toEqual(['Рахунок INV-1 оплачено', 'Виведення №7', 'Big draw: 2 квитки']);
      expect(list.textContent).not.toMatch(/Invoice|Withdrawal|tickets/);
      const filter = within(list).getByRole('combobox');
      const groups = Array.from(filter.querySelectorAll('optgroup')).map((group) => group.label);
      expect(groups).toEqual(['Бонуси', 'Рахунки і платежі', 'Поповнення і виведення', 'Інвестиції', 'Трейдинг', 'Краудфандинг', 'Аірдропи і токени', 'Лотереї', 'Адміністратор']);
      expect(filter.querySelectorAll('optgroup option')).toHaveLength(transactionTypes.length);
    } finally {
      await activateLocale('en');
    }
  });

  it('names each balance: the wallet card\'s figure is its total with what is locked, the history\'s is available now', async () => {
    renderPage({ balances, history, transactions: transactions([]) });
    const card = await screen.findByTestId('wallet-USDT');
    expect(within(card).getByTestId('wallet-total-label')).toHaveTextContent('Total in this wallet: available + locked');
    expect(screen.getByTestId('history-caption')).toHaveTextContent('Available balance of all wallets, valued in USDT (without what is locked)');
    expect(screen.getByText(/highest \$1\s350\.50 · available now \$1\s350\.50/)).toBeInTheDocument();
  });

  it('offers Withdraw beside the deposit and on each wallet the withdrawal form takes', async () => {
    const eur = { ...balances.me.wallet_balance[0]!, currency: 'EUR', symbol: '€' };
    renderPage({ balances: { me: { id: '1', wallet_balance: [...balances.me.wallet_balance, eur] } }, history, transactions: transactions([]), withdrawalOptions: withdrawalOptions(false) });
    const wallets = await screen.findByRole('region', { name: 'My wallets' });
    expect(await within(wallets).findByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdrawals');
    expect(within(screen.getByTestId('wallet-USDT')).getByRole('link', { name: 'Withdraw USDT' })).toHaveAttribute('href', '/withdrawals?currency=USDT');
    // The form does not take EUR here: its card offers nothing.
    expect(within(screen.getByTestId('wallet-EUR')).queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('wallets-withdrawals-suspended')).toBeNull();
  });

  it('while withdrawals are suspended says why and offers no Withdraw', async () => {
    renderPage({ balances, history, transactions: transactions([]), withdrawalOptions: withdrawalOptions(true) });
    const wallets = await screen.findByRole('region', { name: 'My wallets' });
    expect(await within(wallets).findByTestId('wallets-withdrawals-suspended')).toHaveTextContent('Withdrawals are suspended because of overdue invoices.');
    expect(within(wallets).getByRole('link', { name: 'Pay the overdue invoices' })).toHaveAttribute('href', '/invoices');
    expect(within(wallets).queryByRole('link', { name: /^Withdraw/ })).toBeNull();
  });

  it('a suspended account is told so, not sent to pay invoices it does not owe', async () => {
    renderPage({ balances, history, transactions: transactions([]), withdrawalOptions: withdrawalOptions(true, 'account') });
    const wallets = await screen.findByRole('region', { name: 'My wallets' });
    expect(await within(wallets).findByTestId('wallets-withdrawals-suspended')).toHaveTextContent(
      'Withdrawals are suspended because your account is suspended. Contact support to have it reviewed.',
    );
    expect(within(wallets).queryByRole('link', { name: 'Pay the overdue invoices' })).toBeNull();
  });

  it('draws the wallet icons the spec names for BNB, MATIC, SOL, AAVE and 1INCH, each its own and none the plain coin', async () => {
    const wallet = (currency: string) => ({ ...balances.me.wallet_balance[0]!, currency, symbol: currency });
    const named = ['BNB', 'MATIC', 'SOL', 'AAVE', '1INCH'];
    renderPage({ balances: { me: { id: '1', wallet_balance: [...named, 'XYZ'].map(wallet) } }, history, transactions: transactions([]) });
    await screen.findByTestId('wallet-XYZ');
    const coin = screen.getByTestId('wallet-XYZ').querySelector('svg')!.innerHTML;
    const drawings = named.map((currency) => screen.getByTestId(`wallet-${currency}`).querySelector('svg')!.innerHTML);
    for (const icon of drawings) expect(icon).not.toBe(coin);
    expect(new Set(drawings).size).toBe(named.length);
  });

  it('says when there are no wallets and no transactions', async () => {
    renderPage({ balances: { me: { id: '1', wallet_balance: [] } }, history, transactions: transactions([]) });
    expect(await screen.findByText('You have no wallets yet. A deposit opens one.')).toBeInTheDocument();
    expect(screen.getByTestId('transactions-empty')).toHaveTextContent('Transactions not found.');
  });

  it('offers a retry when a part cannot be loaded, without blocking the others', async () => {
    renderPage({ history });
    expect(await screen.findByText('The wallets could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('The transactions could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('history-chart')).toBeInTheDocument();
  });
});
