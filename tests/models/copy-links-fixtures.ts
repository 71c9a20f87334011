// Copy trading's link data the models, machine tests and view tests share, shaped as the Demo Portal's: the trader's
// strategy 02 ("Steady Grid", USDT, minimum deposit 100), the demo member's accounts (Binance main follows strategy 03,
// OKX spare waits for an answer on 01, a new Bybit account is free), a request through its statuses, and connections.
import type {
  ConnectionBrief,
  ConnectionRow,
  InvestorsOverview,
  LinkFactsLoaded,
  LinkRequestRow,
  LinkStrategy,
} from '../../machines/trading/copy-links.types';

export const strategy02: LinkStrategy = {
  id: '5c0a7e00-0032-4c0d-8e00-000000000002',
  name: 'Steady Grid',
  quoteAsset: 'USDT',
  minDeposit: '100.00',
  inProbation: false,
  capacityLeft: 4,
  mine: false,
};

export const openFacts: LinkFactsLoaded = {
  strategy: strategy02,
  myRequest: null,
  myConnection: null,
  accounts: [
    { id: '41', name: 'Binance main', exchangeName: 'Binance', status: 'connected', balance: { amount: '1250.50', currency: 'USDT' }, linked: true },
    { id: '42', name: 'OKX spare', exchangeName: 'OKX', status: 'connected', balance: { amount: '300.00', currency: 'USDT' }, linked: true },
    { id: '43', name: 'Bybit copy', exchangeName: 'Bybit', status: 'connected', balance: { amount: '500.00', currency: 'USDT' }, linked: false },
    { id: '44', name: 'Small one', exchangeName: 'KuCoin', status: 'connected', balance: { amount: '20.00', currency: 'USDT' }, linked: false },
  ],
  member: { overdueInvoices: false, tradingSuspended: false, linkingsUsed: 2, linkingsAllowed: 5 },
};

/** The only account that may follow strategy 02. */
export const freeAccountId = '43';

export const overdueFacts: LinkFactsLoaded = { ...openFacts, member: { ...openFacts.member, overdueInvoices: true } };
export const noLinkingsFacts: LinkFactsLoaded = { ...openFacts, member: { ...openFacts.member, linkingsUsed: 5 } };
export const fullFacts: LinkFactsLoaded = { ...openFacts, strategy: { ...strategy02, capacityLeft: 0 } };
export const probationFacts: LinkFactsLoaded = { ...openFacts, strategy: { ...strategy02, inProbation: true } };
export const noAccountFacts: LinkFactsLoaded = { ...openFacts, accounts: openFacts.accounts.filter((account) => account.id !== freeAccountId) };

export const pendingRequest: LinkRequestRow = {
  id: '901',
  strategyId: strategy02.id,
  strategyName: strategy02.name,
  accountId: freeAccountId,
  accountName: 'Bybit copy',
  exchange: 'bybit',
  memberName: 'Demo Member',
  status: 'pending',
  settings: { lotSizePercent: 50, maxDrawdownPercent: 20, quoteAsset: 'USDT' },
  reviewDeadline: '2026-11-28T09:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  expired: false,
  connectionId: null,
  createdAt: '2026-11-27T09:00:00.000Z',
};
export const acceptedRequest: LinkRequestRow = { ...pendingRequest, status: 'active', decidedAt: '2026-11-27T10:00:00.000Z', connectionId: '77' };
export const declinedRequest: LinkRequestRow = {
  ...pendingRequest,
  status: 'declined',
  decidedAt: '2026-11-27T10:00:00.000Z',
  declineReason: 'Your lot size is too large for this strategy.',
};
export const expiredRequest: LinkRequestRow = { ...pendingRequest, status: 'failed', expired: true, decidedAt: '2026-11-28T09:00:00.000Z' };

export const keyPendingBrief: ConnectionBrief = { id: '77', status: 'pending', accountName: 'Bybit copy', keyDeadline: '2026-11-29T10:00:00.000Z' };
export const activeBrief: ConnectionBrief = { ...keyPendingBrief, status: 'active', keyDeadline: null };
export const failedBrief: ConnectionBrief = { ...keyPendingBrief, status: 'failed' };

export const pendingFacts: LinkFactsLoaded = { ...openFacts, myRequest: pendingRequest };
export const followingFacts: LinkFactsLoaded = { ...openFacts, myConnection: activeBrief };
export const keyPendingFacts: LinkFactsLoaded = { ...openFacts, myConnection: keyPendingBrief };

export const activeConnection: ConnectionRow = {
  ...activeBrief,
  strategy: { id: strategy02.id, name: strategy02.name, traderName: 'Trader Tom', quoteAsset: 'USDT' },
  accountId: freeAccountId,
  exchange: 'bybit',
  memberName: 'Demo Member',
  settings: { lotSizePercent: 50, maxDrawdownPercent: 20, quoteAsset: 'USDT' },
  pnl: '12.34567890',
  drawdownPercent: '4.25',
  trades: [
    {
      id: 't2',
      symbol: 'BTC/USDT',
      side: 'sell',
      amount: '0.015',
      openPrice: '64210.5',
      closePrice: '63990.1',
      pnl: '3.30600000',
      closedAt: '2026-11-27T12:00:00.000Z',
    },
    {
      id: 't1',
      symbol: 'ETH/USDT',
      side: 'buy',
      amount: '0.4',
      openPrice: '3120.2',
      closePrice: '3142.9',
      pnl: '9.04000000',
      closedAt: '2026-11-27T11:00:00.000Z',
    },
  ],
  tradeCount: 2,
  startedAt: '2026-11-27T10:00:00.000Z',
  linkedAt: '2026-11-27T10:05:00.000Z',
  pausedAt: null,
  stoppedAt: null,
  disconnectReason: null,
  suspensionCause: null,
  requestId: pendingRequest.id,
};
export const pausedConnection: ConnectionRow = { ...activeConnection, status: 'paused', pausedAt: '2026-11-27T13:00:00.000Z' };
export const pendingConnection: ConnectionRow = { ...activeConnection, status: 'pending', keyDeadline: '2026-11-29T10:00:00.000Z', linkedAt: null, trades: [], tradeCount: 0, pnl: '0' };
export const stoppedConnection: ConnectionRow = { ...activeConnection, status: 'drawdown exceeded', settings: { ...activeConnection.settings, maxDrawdownPercent: 4 }, stoppedAt: '2026-11-27T14:00:00.000Z' };
export const suspendedConnection: ConnectionRow = { ...activeConnection, status: 'suspended', suspensionCause: 'overdue_invoices' };
export const disconnectedConnection: ConnectionRow = {
  ...activeConnection,
  status: 'disconnected',
  stoppedAt: '2026-11-27T15:00:00.000Z',
  disconnectReason: 'Taking a break',
};
/** Settings saved as the form typed them in the models (lot size 75 %, the drawdown limit kept). */
export const resizedConnection: ConnectionRow = { ...activeConnection, settings: { lotSizePercent: 75, maxDrawdownPercent: 20, quoteAsset: 'USDT' } };

export const investorsOverview: InvestorsOverview = {
  strategies: [
    { id: strategy02.id, name: strategy02.name, followers: 6, maxFollowers: 10, quoteAsset: 'USDT', inProbation: false },
    { id: '5c0a7e00-0032-4c0d-8e00-000000000006', name: 'Fresh Start', followers: 0, maxFollowers: 5, quoteAsset: 'USDT', inProbation: true },
  ],
  followers: [{ ...activeConnection, memberName: 'Anna Follower' }, { ...pausedConnection, id: '78', memberName: 'Boris Copier', accountName: 'OKX main', exchange: 'okx' }],
  requests: [pendingRequest],
};
