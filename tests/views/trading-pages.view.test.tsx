// @vitest-environment jsdom
// The exchange accounts, account and services pages with given answers: each account with its status, key hint and
// balance linking to its page; Add account, or at the services' limit the reason and the upgrade instead; an
// account's cause when suspended or failed, its connections or none; an unknown id; the services' limits as meters a
// screen reader reads, the note at a limit, and the Free Plan without services.
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { exchangeAccountMachine } from '../../machines/trading/exchange-account.machine';
import { accountDisconnectMachine } from '../../machines/trading/account-disconnect.machine';
import type { ExchangeAccountRow, ExchangeOption, ServiceRow } from '../../machines/trading/trading.types';
import { api } from '../../src/api/client';
import { accountQueryOptions, accountsQueryOptions, exchangesQueryOptions, servicesQueryOptions } from '../../src/api/trading';
import { AccountView } from '../../src/features/trading/account-view';
import { AccountsView } from '../../src/features/trading/accounts-view';
import { ServicesView } from '../../src/features/trading/services-view';
import { AccountDisconnectContext, ExchangeAccountContext } from '../../src/features/trading/trading.contexts';
import { createQueryClient } from '../../src/lib/query-client';
import { renderView, testTenant } from '../support/render';
import { binanceMain, copyTradingPro, exchanges, okxSpare } from '../models/trading-fixtures';

afterEach(() => vi.restoreAllMocks());

function clientWith(data: { accounts?: ExchangeAccountRow[]; services?: ServiceRow[]; account?: ExchangeAccountRow }) {
  const queryClient = createQueryClient(() => {});
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(exchangesQueryOptions(testTenant.uuid).queryKey, exchanges);
  if (data.accounts) queryClient.setQueryData(accountsQueryOptions(testTenant.uuid).queryKey, data.accounts);
  if (data.services) queryClient.setQueryData(servicesQueryOptions(testTenant.uuid).queryKey, data.services);
  if (data.account) queryClient.setQueryData(accountQueryOptions(testTenant.uuid, data.account.id).queryKey, data.account);
  return queryClient;
}

const withAddFlow = (list: ExchangeOption[], children: ReactNode) => (
  <ExchangeAccountContext.Provider logic={exchangeAccountMachine} options={{ input: { mode: 'add', exchanges: list, keyPrefix: 't' } }}>
    {children}
  </ExchangeAccountContext.Provider>
);
const withFlows = (account: ExchangeAccountRow, list: ExchangeOption[], children: ReactNode) => (
  <ExchangeAccountContext.Provider logic={exchangeAccountMachine} options={{ input: { mode: 'edit', exchanges: list, account, keyPrefix: 't' } }}>
    <AccountDisconnectContext.Provider logic={accountDisconnectMachine} options={{ input: { accountId: account.id } }}>
      {children}
    </AccountDisconnectContext.Provider>
  </ExchangeAccountContext.Provider>
);

describe('/my-accounts', () => {
  it('lists each account with its status, exchange, key hint and balance, linking to its page; Add account while the services allow one', async () => {
    renderView(<AccountsView withAddFlow={withAddFlow} />, { queryClient: clientWith({ accounts: [binanceMain, okxSpare], services: [copyTradingPro] }) });
    const cards = await screen.findAllByTestId('exchange-account');
    expect(cards).toHaveLength(2);
    const main = within(cards[0]!);
    expect(main.getByRole('link', { name: 'Binance main' })).toHaveAttribute('href', '/my-account/41');
    expect(cards[0]).toHaveTextContent('Connected');
    expect(cards[0]).toHaveTextContent('Binance');
    expect(cards[0]).toHaveTextContent('····a1b2');
    expect(cards[0]).toHaveTextContent(/1.250\.50/);
    expect(cards[1]).toHaveTextContent('Disconnected');
    expect(cards[1]).toHaveTextContent('Not read');
    expect(screen.getByRole('button', { name: 'Add account' })).toBeEnabled();
  });

  it('at the limit (the Free Plan’s one account taken) says why and offers the upgrade instead of Add account', async () => {
    renderView(<AccountsView withAddFlow={withAddFlow} />, { queryClient: clientWith({ accounts: [binanceMain], services: [] }) });
    const refusal = await screen.findByTestId('add-account-refusal');
    expect(refusal).toHaveTextContent('Your services allow no more exchange accounts.');
    expect(within(refusal).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/tariffs');
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
  });

  it('without accounts says so (a disconnected one does not count against the limit)', async () => {
    renderView(<AccountsView withAddFlow={withAddFlow} />, { queryClient: clientWith({ accounts: [], services: [] }) });
    expect(await screen.findByTestId('accounts-empty')).toHaveTextContent('No exchange accounts yet.');
    expect(screen.getByRole('button', { name: 'Add account' })).toBeEnabled();
  });
});

describe('/my-account/{id}', () => {
  const renderAccount = (account: ExchangeAccountRow) =>
    renderView(<AccountView id={account.id} withFlows={withFlows} />, { queryClient: clientWith({ account }) });

  it('shows the status, exchange, balance with its read time, key hint, no connections yet, Edit and Disconnect', async () => {
    renderAccount(binanceMain);
    const page = await screen.findByTestId('account-page');
    expect(within(page).getByRole('heading', { name: 'Binance main' })).toBeTruthy();
    expect(page).toHaveTextContent('Connected');
    expect(screen.getByTestId('account-key')).toHaveTextContent('····a1b2');
    expect(screen.getByTestId('account-balance')).toHaveTextContent(/1.250\.50.*read/);
    expect(screen.getByTestId('connections-empty')).toHaveTextContent('No connections yet.');
    expect(within(screen.getByTestId('connections-empty')).getByRole('link')).toHaveAttribute('href', '/copy-trading');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  it('a suspended account shows the spec’s text for its cause with a link to the invoices', async () => {
    renderAccount({ ...binanceMain, status: 'suspended', suspensionCause: 'overdue_invoices' });
    const note = await screen.findByTestId('account-suspended');
    expect(note).toHaveTextContent('Copy trading suspended because of overdue invoices.');
    expect(within(note).getByRole('link', { name: 'See your invoices' })).toHaveAttribute('href', '/invoices');
  });

  it('a failed account says its key stopped working and offers Edit; a disconnected one shows the reason and no Disconnect', async () => {
    renderAccount({ ...binanceMain, status: 'failed' });
    expect(await screen.findByTestId('account-failed')).toHaveTextContent('API key invalid on an account connection: create a new key and edit the account.');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
    renderAccount(okxSpare);
    expect(await screen.findByTestId('account-disconnected')).toHaveTextContent('Reason: Moving to another exchange');
  });

  it('an unknown id says "Account or strategy not found." with the way back', async () => {
    vi.spyOn(api, 'request').mockRejectedValue({ code: 'server', category: 'not_found', reason: 'AccountNotFound' });
    renderView(<AccountView id="999" withFlows={withFlows} />, { queryClient: clientWith({}) });
    const notFound = await screen.findByTestId('account-not-found');
    expect(notFound).toHaveTextContent('Account or strategy not found.');
    expect(within(notFound).getByRole('link', { name: 'Back to your accounts' })).toHaveAttribute('href', '/my-accounts');
  });
});

describe('/services', () => {
  it('shows each limit against its use as a meter a screen reader reads, the exchanges by name and risk management', async () => {
    renderView(<ServicesView />, { queryClient: clientWith({ services: [copyTradingPro] }) });
    const service = await screen.findByTestId('service');
    expect(within(service).getByRole('heading', { name: 'Copy Trading Pro' })).toBeTruthy();
    expect(service).toHaveTextContent('Active');
    expect(screen.getByRole('progressbar', { name: '2 of 3 exchange accounts' })).toHaveAttribute('aria-valuenow', '67');
    expect(screen.getByRole('progressbar', { name: '0 of 5 copy-trading linkings' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '2 of 4 exchanges in use' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: /1.200\.00 of .*50.000\.00 trading volume this month/ })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Exchanges covered' })).toHaveTextContent('BinanceOKXbybitkucoin');
    expect(screen.getByTestId('service-risk')).toHaveTextContent('Yes');
    expect(screen.queryByTestId('service-at-limit')).toBeNull();
  });

  it('at a limit says what it blocks and offers the upgrade', async () => {
    const full = { ...copyTradingPro, usage: { ...copyTradingPro.usage!, investor_accounts: 3 } };
    renderView(<ServicesView />, { queryClient: clientWith({ services: [full] }) });
    const note = await screen.findByTestId('service-at-limit');
    expect(note).toHaveTextContent('No more exchange accounts can be added with this service.');
    expect(within(note).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/tariffs');
  });

  it('without services explains the Free Plan with the way to the tariffs', async () => {
    renderView(<ServicesView />, { queryClient: clientWith({ services: [] }) });
    const plan = await screen.findByTestId('free-plan');
    expect(plan).toHaveTextContent('1 exchange account on any exchange');
    expect(within(plan).getByRole('link', { name: 'See the tariffs for more' })).toHaveAttribute('href', '/tariffs');
  });
});
