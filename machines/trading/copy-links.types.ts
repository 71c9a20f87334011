// Copy trading's links as the flows and pages hold them (issue 32; server/schema.graphql "copy trading"): a member's
// request to follow a strategy, the connection it becomes, the settings both carry, and what the trader sees on
// /investors. The contract's snake_case becomes camelCase once, in src/api/copy-links.ts.
import type { CopyConnectionStatus, RequestStatus } from '../../domain/copy-trading';
import type { SuspensionCause } from '../../domain/trading';

/** How a follower copies a strategy: lot size percent (100 is 1:1), a drawdown limit percent or none, the quote asset. */
export interface CopySettingsRow {
  lotSizePercent: number;
  maxDrawdownPercent: number | null;
  quoteAsset: string;
}

/** The strategy a link request is for, as its page hands it to the Connect panel. */
export interface LinkStrategy {
  id: string;
  name: string;
  quoteAsset: string;
  /** Decimal string in quoteAsset. */
  minDeposit: string;
  inProbation: boolean;
  capacityLeft: number;
  /** The member runs it. */
  mine: boolean;
}

export interface LinkRequestRow {
  id: string;
  strategyId: string;
  strategyName: string;
  accountId: string;
  accountName: string;
  exchange: string;
  /** The member who asked (shown to the trader). */
  memberName: string;
  status: RequestStatus;
  settings: CopySettingsRow;
  /** ISO: the trader decides until then (24 hours after the request). */
  reviewDeadline: string;
  decidedAt: string | null;
  declineReason: string | null;
  expired: boolean;
  connectionId: string | null;
  createdAt: string;
}

/** A trade copied onto the follower's account (amounts and prices are Decimal strings). */
export interface CopiedTradeRow {
  id: string;
  symbol: string;
  side: string;
  amount: string;
  openPrice: string;
  closePrice: string;
  /** In the connection's quote asset. */
  pnl: string;
  closedAt: string;
}

/** What the Connect panel needs of a connection: its status and, while the key is being linked, the deadline. */
export interface ConnectionBrief {
  id: string;
  status: CopyConnectionStatus;
  accountName: string;
  /** ISO: the key is linked until then (48 hours after acceptance); null once linked. */
  keyDeadline: string | null;
}

export interface ConnectionRow extends ConnectionBrief {
  strategy: { id: string; name: string; traderName: string; quoteAsset: string };
  accountId: string;
  exchange: string;
  memberName: string;
  settings: CopySettingsRow;
  /** Since the start, in settings.quoteAsset (Decimal string). */
  pnl: string;
  /** Percent with 2 places (Decimal string). */
  drawdownPercent: string;
  trades: CopiedTradeRow[];
  tradeCount: number;
  startedAt: string;
  linkedAt: string | null;
  pausedAt: string | null;
  stoppedAt: string | null;
  disconnectReason: string | null;
  suspensionCause: SuspensionCause | null;
  requestId: string;
}

/** An exchange account of the member's as the Connect panel weighs it. */
export interface LinkAccount {
  id: string;
  name: string;
  exchangeName: string;
  /** connected, disconnected, failed or suspended (issue 31). */
  status: string;
  /** The balance as last read (Decimal string), null when none could be read. */
  balance: { amount: string; currency: string } | null;
  /** It already follows a strategy, or asked to follow one. */
  linked: boolean;
}

/** What the member's own standing says about linking: suspensions and the services' linkings. */
export interface LinkMember {
  overdueInvoices: boolean;
  tradingSuspended: boolean;
  linkingsUsed: number;
  linkingsAllowed: number;
}

/** Everything the Connect panel weighs before the member starts. */
export interface LinkFactsLoaded {
  /** The strategy as the server answers now (followers and probation may have changed since its page loaded). */
  strategy: LinkStrategy;
  /** The member's pending request to it. */
  myRequest: LinkRequestRow | null;
  /** The member's connection to it (not disconnected). */
  myConnection: ConnectionBrief | null;
  accounts: LinkAccount[];
  member: LinkMember;
}

/** A strategy the trader runs, as /investors lists it. */
export interface InvestorStrategyRow {
  id: string;
  name: string;
  followers: number;
  maxFollowers: number;
  quoteAsset: string;
  inProbation: boolean;
}

export interface InvestorsOverview {
  strategies: InvestorStrategyRow[];
  followers: ConnectionRow[];
  requests: LinkRequestRow[];
}
