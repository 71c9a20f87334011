// The ledger's vocabulary, once for the reference server and the portal (spec §9 "Transaction types",
// "Balance history ranges"): every transaction type a ledger row may carry, the four entry types the
// balance history shows and which transaction types each sums, and the history's ranges with the buckets
// a range is drawn in.

/**
 * Spec §9 names about 45 transaction types; these are they, as the server writes them. The first group is
 * the spec's own (its lower-case names written in the same style), the last adds what a wallet with
 * withdrawals, trading and transfers needs (a canceled withdrawal's refund, fees, realised trading results).
 */
export const transactionTypes = [
  // Affiliate bonuses.
  'TEAM_BONUS',
  'PERSONAL_BONUS',
  'RANK_BONUS',
  'UNILEVEL_BONUS',
  'LEVEL_BONUS',
  'WORLD_BONUS',
  'REFERRAL_BONUS',
  'PASSIVE_MAIN_BONUS',
  'PASSIVE_GLOBAL_BONUS',
  'REBATES_BONUS',
  'TRADING_FEE_BONUS',
  'REAL_ESTATE_DEAL_BONUS',
  'CORPORATE_PRODUCT_BONUS',
  'ONE_RANK_BONUS',
  // Invoices and deposits.
  'INVOICE',
  'INVOICE_CREDIT',
  'WALLET_REFILL',
  'OVERPAYMENT',
  'WITHDRAWAL',
  'MANAGEMENT_FEE',
  // Investment plans.
  'INVESTMENT_PLAN_ACTIVATE',
  'INVESTMENT_PLAN_FINISHED',
  'INVESTMENT_PLAN_WITHDRAW',
  'INVESTMENT_PLAN_STOPPED',
  // Refunds and the operator's corrections.
  'REFUND_TO_BALANCE',
  'AFFILIATE_REFUND',
  'ADMIN_DEPOSIT',
  'ADMIN_WITHDRAWAL',
  // Airdrops, tokens, crowdfunding, points.
  'AIRDROP',
  'SPONSOR_AIRDROP_PROFIT',
  'AIRDROP_RAFFLE_REWARD',
  'ITO_TOKEN_DEPOSIT',
  'CROWDFUNDING_PAYOUT_PROFIT',
  'CROWDFUNDING_PAYOUT_BODY',
  'SWAP_POINTS',
  // Beyond the spec's named ones.
  'WITHDRAWAL_CANCELED',
  'WITHDRAWAL_FEE',
  'REALISED_PNL',
  'TRADING_FEE',
  'CROWDFUNDING_INVESTMENT',
  'LOTTERY_TICKET',
  'LOTTERY_PRIZE',
  'STAKING_REWARD',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'SUBSCRIPTION',
] as const;

export type TransactionType = (typeof transactionTypes)[number];

export const isTransactionType = (value: unknown): value is TransactionType =>
  typeof value === 'string' && (transactionTypes as readonly string[]).includes(value);

/**
 * Why a movement happened, where its type alone does not say (issue 33): a refund because a crowdfunding goal
 * or a raffle's minimum of tickets was not reached, or an invoice was canceled; a payment that found its
 * invoice already paid, canceled or refunded; a wallet's opening balance; a payout of referral earnings.
 */
export const ledgerReasons = [
  'goal_not_reached',
  'too_few_tickets',
  'invoice_canceled',
  'already_paid',
  'already_canceled',
  'already_refunded',
  'opening_balance',
  'referral_payout',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/**
 * The figures a ledger row's note is built from in the member's language (issue 33), never an English
 * sentence: the invoice's public reference, the tenant's name of what it concerns (a product, plan,
 * project, raffle, rank or coin, shown as the tenant wrote it), a number (a period, a payout, a prize's
 * place, a count of tickets), a related record (a withdrawal, a ticket, a deal) and why.
 */
export interface LedgerDetails {
  invoice_tag?: string;
  subject?: string;
  count?: number;
  ref?: string;
  reason?: LedgerReason;
}

/** The balance history's entry types (spec §9). */
export const historyEntryTypes = ['RealisedPNL', 'Deposit', 'Withdrawal', 'AffiliatePayout'] as const;
export type HistoryEntryType = (typeof historyEntryTypes)[number];

/**
 * Which transaction types each entry type of the history sums (signed: a canceled withdrawal's refund
 * takes back from Withdrawal, an affiliate refund from AffiliatePayout). Types in no group (purchases,
 * fees, investments) move the balance but are no entry of the history.
 */
export const historyEntryTransactionTypes: Record<HistoryEntryType, readonly TransactionType[]> = {
  RealisedPNL: [
    'REALISED_PNL',
    'INVESTMENT_PLAN_FINISHED',
    'CROWDFUNDING_PAYOUT_PROFIT',
    'STAKING_REWARD',
    'LOTTERY_PRIZE',
    'AIRDROP',
    'SPONSOR_AIRDROP_PROFIT',
    'AIRDROP_RAFFLE_REWARD',
  ],
  Deposit: ['WALLET_REFILL', 'ADMIN_DEPOSIT', 'OVERPAYMENT', 'ITO_TOKEN_DEPOSIT', 'REFUND_TO_BALANCE', 'INVOICE_CREDIT', 'TRANSFER_IN'],
  Withdrawal: ['WITHDRAWAL', 'WITHDRAWAL_CANCELED', 'ADMIN_WITHDRAWAL', 'WITHDRAWAL_FEE', 'TRANSFER_OUT'],
  AffiliatePayout: [
    'TEAM_BONUS',
    'PERSONAL_BONUS',
    'RANK_BONUS',
    'UNILEVEL_BONUS',
    'LEVEL_BONUS',
    'WORLD_BONUS',
    'REFERRAL_BONUS',
    'PASSIVE_MAIN_BONUS',
    'PASSIVE_GLOBAL_BONUS',
    'REBATES_BONUS',
    'TRADING_FEE_BONUS',
    'REAL_ESTATE_DEAL_BONUS',
    'CORPORATE_PRODUCT_BONUS',
    'ONE_RANK_BONUS',
    'AFFILIATE_REFUND',
  ],
};

/**
 * Balance history ranges (spec §9: 7 days, 30 days, 3, 6 and 12 months) and the bucket each is drawn in:
 * a point per day for the short ranges, per week for 3 and 6 months, per month for a year.
 */
export const historyRanges = {
  '7d': { days: 7, bucket: 'day' },
  '30d': { days: 30, bucket: 'day' },
  '3m': { months: 3, bucket: 'week' },
  '6m': { months: 6, bucket: 'week' },
  '12m': { months: 12, bucket: 'month' },
} as const satisfies Record<string, { days?: number; months?: number; bucket: 'day' | 'week' | 'month' }>;

export type HistoryRange = keyof typeof historyRanges;
export const historyRangeKeys = Object.keys(historyRanges) as HistoryRange[];
export const isHistoryRange = (value: unknown): value is HistoryRange => typeof value === 'string' && value in historyRanges;

/** Withdrawal statuses (spec §4). A `new` request can still be canceled by the member. */
export const withdrawalStatuses = ['new', 'requested', 'pending', 'canceled', 'completed'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** How a withdrawal is paid out: to a crypto address, to an IBAN (SEPA, also Ukrainian), or by SWIFT. */
export const withdrawalMethods = ['crypto', 'iban', 'swift'] as const;
export type WithdrawalMethod = (typeof withdrawalMethods)[number];
