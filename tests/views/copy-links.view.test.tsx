// @vitest-environment jsdom
// Copy trading's link pages with their data in place: the Connect panel's refusals with their text and way out,
// /connection/{id} by status (what each means, the key's countdown, the cause of a suspension and the way to the
// invoices), and /investors (strategies with their followers, requests with the time left to decide, followers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { connectionMachine } from '../../machines/trading/connection.machine';
import type { ConnectionRow, LinkFactsLoaded } from '../../machines/trading/copy-links.types';
import { linkRequestMachine } from '../../machines/trading/link-request.machine';
import { requestDecisionMachine } from '../../machines/trading/request-decision.machine';
import { api } from '../../src/api/client';
import { investorsQueryOptions } from '../../src/api/copy-links';
import { ConnectionView } from '../../src/features/trading/copy/connection-view';
import { ConnectionContext } from '../../src/features/trading/copy/connection.contexts';
import { InvestorsView } from '../../src/features/trading/copy/investors-view';
import { RequestDecisionContext } from '../../src/features/trading/copy/investors.contexts';
import { LinkRequestPanel } from '../../src/features/trading/copy/link-request-panel';
import { LinkRequestContext } from '../../src/features/trading/copy/link-request.contexts';
import { renderView, testTenant } from '../support/render';
import {
  activeConnection,
  fullFacts,
  investorsOverview,
  noAccountFacts,
  noLinkingsFacts,
  openFacts,
  overdueFacts,
  pausedConnection,
  pendingConnection,
  probationFacts,
  stoppedConnection,
  strategy02,
  suspendedConnection,
  disconnectedConnection,
} from '../models/copy-links-fixtures';

const quiet = fromCallback<EventObject, void>(() => {});

describe('the Connect panel’s refusals', () => {
  const strategy = { id: strategy02.id, name: strategy02.name, quote_asset: 'USDT', min_deposit: '100.00', in_probation: false, capacity_left: 4, mine: false };
  const show = async (facts: LinkFactsLoaded) => {
    const logic = linkRequestMachine.provide({ actors: { loadLinkFacts: fromPromise(async () => facts), watchPage: quiet } });
    renderView(
      <LinkRequestContext.Provider logic={logic} options={{ input: { strategy: strategy02, keyPrefix: 'link-1' } }}>
        <LinkRequestPanel strategy={strategy} />
      </LinkRequestContext.Provider>,
    );
    return screen.findByTestId('link-refused');
  };

  it.each([
    [fullFacts, 'A trader reached the maximum number of followers.', 'See other strategies', '/copy-trading'],
    [probationFacts, 'Linking is impossible during the probation period.', 'See other strategies', '/copy-trading'],
    [overdueFacts, 'Copy trading suspended because of overdue invoices.', 'See your invoices', '/invoices'],
    [
      { ...openFacts, member: { ...openFacts.member, tradingSuspended: true } },
      'Account not active: check the subscription and invoices.',
      'See your invoices',
      '/invoices',
    ],
    [noLinkingsFacts, 'Your services allow no more linkings to strategies.', 'See the tariffs', '/tariffs'],
    [noAccountFacts, 'it needs a connected account with at least $100.00 that follows no other strategy', 'Go to your accounts', '/my-accounts'],
  ] as const)('%#: says why and where to go', async (facts, text, link, href) => {
    const refused = await show(facts);
    expect(refused).toHaveTextContent(text);
    expect(within(refused).getByRole('link', { name: link })).toHaveAttribute('href', href);
    expect(screen.queryByRole('button', { name: 'Ask to follow' })).toBeNull();
  });
});

describe('/connection/{id} by status', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00.000Z'), toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());
  const show = async (connection: ConnectionRow) => {
    const logic = connectionMachine.provide({ actors: { loadConnection: fromPromise(async () => connection), watchPage: quiet } });
    renderView(
      <ConnectionContext.Provider logic={logic} options={{ input: { connectionId: connection.id } }}>
        <ConnectionView />
      </ConnectionContext.Provider>,
    );
    return screen.findByTestId('connection-page');
  };

  it('shows the account, the strategy with a link, the settings, PnL, drawdown and the copied trades', async () => {
    const page = await show(activeConnection);
    expect(within(page).getByTestId('connection-account')).toHaveTextContent('Bybit copy · bybit');
    expect(within(page).getByRole('link', { name: 'Steady Grid' })).toHaveAttribute('href', `/copy-trading/${strategy02.id}`);
    expect(within(page).getByTestId('connection-pnl')).toHaveTextContent('12.35');
    expect(within(page).getByTestId('connection-drawdown')).toHaveTextContent('4.25 %');
    expect(within(page).getByTestId('summary-lot-size')).toHaveTextContent('50 % (1:2)');
    expect(within(page).getByTestId('summary-drawdown')).toHaveTextContent('20 %');
    const trades = screen.getAllByTestId('copied-trade');
    expect(trades).toHaveLength(2);
    // Every digit of a coin's amount and prices.
    expect(trades[0]).toHaveTextContent('BTC/USDT · Sell');
    expect(trades[0]).toHaveTextContent('0.015');
    expect(trades[0]).toHaveTextContent('64210.5 → 63990.1');
  });

  it('pending: the key’s 48-hour countdown from its deadline', async () => {
    const page = await show(pendingConnection);
    expect(within(page).getByTestId('key-time-left')).toHaveTextContent('Time left to link the key: 2 d 0 h');
    expect(screen.getByTestId('connection-trades-empty')).toHaveTextContent('No trades copied yet.');
  });

  it('drawdown exceeded: it stopped itself at the member’s limit, and says so', async () => {
    const page = await show(stoppedConnection);
    expect(within(page).getByTestId('connection-note')).toHaveTextContent('The copy stopped by itself: its drawdown reached your limit of 4 %.');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('suspended: the cause, with the way to the invoices', async () => {
    const page = await show(suspendedConnection);
    const note = within(page).getByTestId('connection-note');
    expect(note).toHaveTextContent('Copy trading suspended because of overdue invoices.');
    expect(within(note).getByRole('link', { name: 'See your invoices' })).toHaveAttribute('href', '/invoices');
  });

  it('paused says no trades are copied until the member resumes', async () => {
    expect(within(await show(pausedConnection)).getByTestId('connection-note')).toHaveTextContent('Paused: no trades are copied until you resume.');
  });

  it('disconnected shows the member’s reason and no actions', async () => {
    const page = await show(disconnectedConnection);
    expect(within(page).getByTestId('connection-note')).toHaveTextContent('Reason: Taking a break');
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });
});

describe('/investors', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00.000Z'), toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  // Nothing is decided here (the walk of the decision does that): the flow's calls stay unprovided.
  const decision = requestDecisionMachine;
  const show = (fill: (client: QueryClient) => void) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    fill(queryClient);
    renderView(
      <InvestorsView
        withDecision={(requestId, children) => (
          <RequestDecisionContext.Provider logic={decision} options={{ input: { requestId } }}>
            {children}
          </RequestDecisionContext.Provider>
        )}
      />,
      { queryClient },
    );
  };

  it('lists the trader’s strategies, the requests waiting with the time left to decide, and the followers', async () => {
    show((client) => client.setQueryData(investorsQueryOptions(testTenant.uuid).queryKey, investorsOverview));
    const strategies = await screen.findAllByTestId('investor-strategy');
    expect(strategies.map((card) => card.textContent)).toEqual(['Steady Grid6 of 10 followers', 'Fresh StartProbation0 of 5 followers']);
    const request = screen.getByRole('article', { name: 'Demo Member · Steady Grid' });
    expect(request).toHaveTextContent('Demo Member asks to follow Steady Grid');
    expect(within(request).getByTestId('request-time-left')).toHaveTextContent('23 h 0 min');
    expect(within(request).getByRole('button', { name: 'Accept Demo Member’s request' })).toBeEnabled();
    const followers = screen.getAllByTestId('investor-follower');
    expect(followers.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      expect.stringContaining('Anna Follower'),
      expect.stringContaining('Boris Copier'),
    ]);
    expect(followers[1]).toHaveTextContent('Paused');
  });

  it('a member who runs no strategy is told what the page is for', async () => {
    // The server answers forbidden to a member who runs no strategy.
    vi.spyOn(api, 'request').mockRejectedValue({ code: 'server', category: 'forbidden', message: 'Forbidden' });
    show(() => {});
    expect(await screen.findByTestId('investors-forbidden')).toHaveTextContent('This page is for members who run copy-trading strategies.');
  });
});
