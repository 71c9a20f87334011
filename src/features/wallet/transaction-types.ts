// Every transaction type of the ledger (spec §9, domain/ledger.ts) and the balance history's entry
// types and ranges, translated.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { HistoryEntryType, HistoryRange, TransactionType } from '../../../domain/ledger';

export const transactionTypeNames: Record<TransactionType, MessageDescriptor> = {
  TEAM_BONUS: msg`Team bonus`,
  PERSONAL_BONUS: msg`Personal bonus`,
  RANK_BONUS: msg`Rank bonus`,
  UNILEVEL_BONUS: msg`Unilevel bonus`,
  LEVEL_BONUS: msg`Level bonus`,
  WORLD_BONUS: msg`World bonus`,
  REFERRAL_BONUS: msg`Referral bonus`,
  PASSIVE_MAIN_BONUS: msg`Passive main bonus`,
  PASSIVE_GLOBAL_BONUS: msg`Passive global bonus`,
  REBATES_BONUS: msg`Rebates bonus`,
  TRADING_FEE_BONUS: msg`Trading fee bonus`,
  REAL_ESTATE_DEAL_BONUS: msg`Real estate deal bonus`,
  CORPORATE_PRODUCT_BONUS: msg`Corporate product bonus`,
  ONE_RANK_BONUS: msg`One rank bonus`,
  INVOICE: msg`Invoice payment`,
  INVOICE_CREDIT: msg`Invoice credit`,
  WALLET_REFILL: msg`Wallet top-up`,
  OVERPAYMENT: msg`Overpayment`,
  WITHDRAWAL: msg`Withdrawal`,
  MANAGEMENT_FEE: msg`Management fee`,
  INVESTMENT_PLAN_ACTIVATE: msg`Investment plan activated`,
  INVESTMENT_PLAN_FINISHED: msg`Investment plan finished`,
  INVESTMENT_PLAN_WITHDRAW: msg`Investment plan withdrawal`,
  INVESTMENT_PLAN_STOPPED: msg`Investment plan stopped`,
  REFUND_TO_BALANCE: msg`Refund to balance`,
  AFFILIATE_REFUND: msg`Affiliate refund`,
  ADMIN_DEPOSIT: msg`Deposit by the administrator`,
  ADMIN_WITHDRAWAL: msg`Withdrawal by the administrator`,
  AIRDROP: msg`Airdrop`,
  SPONSOR_AIRDROP_PROFIT: msg`Sponsor airdrop profit`,
  AIRDROP_RAFFLE_REWARD: msg`Airdrop raffle reward`,
  ITO_TOKEN_DEPOSIT: msg`ITO token deposit`,
  CROWDFUNDING_PAYOUT_PROFIT: msg`Crowdfunding profit payout`,
  CROWDFUNDING_PAYOUT_BODY: msg`Crowdfunding principal payout`,
  SWAP_POINTS: msg`Points swap`,
  WITHDRAWAL_CANCELED: msg`Withdrawal canceled`,
  WITHDRAWAL_FEE: msg`Withdrawal fee`,
  REALISED_PNL: msg`Realised profit and loss`,
  TRADING_FEE: msg`Trading fee`,
  CROWDFUNDING_INVESTMENT: msg`Crowdfunding investment`,
  LOTTERY_TICKET: msg`Lottery ticket`,
  LOTTERY_PRIZE: msg`Lottery prize`,
  STAKING_REWARD: msg`Staking reward`,
  TRANSFER_IN: msg`Incoming transfer`,
  TRANSFER_OUT: msg`Outgoing transfer`,
  SUBSCRIPTION: msg`Subscription`,
};

/** The filter's groups of transaction types, in the order the filter lists them. */
export const transactionTypeGroups = [
  {
    name: msg`Bonuses`,
    types: [
      'TEAM_BONUS',
      'PERSONAL_BONUS',
      'RANK_BONUS',
      'ONE_RANK_BONUS',
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
      'AFFILIATE_REFUND',
    ],
  },
  { name: msg`Invoices and payments`, types: ['INVOICE', 'INVOICE_CREDIT', 'OVERPAYMENT', 'REFUND_TO_BALANCE', 'SUBSCRIPTION', 'MANAGEMENT_FEE'] },
  {
    name: msg`Deposits and withdrawals`,
    types: ['WALLET_REFILL', 'WITHDRAWAL', 'WITHDRAWAL_CANCELED', 'WITHDRAWAL_FEE', 'TRANSFER_IN', 'TRANSFER_OUT'],
  },
  {
    name: msg`Investments`,
    types: ['INVESTMENT_PLAN_ACTIVATE', 'INVESTMENT_PLAN_WITHDRAW', 'INVESTMENT_PLAN_FINISHED', 'INVESTMENT_PLAN_STOPPED', 'STAKING_REWARD'],
  },
  { name: msg`Trading`, types: ['REALISED_PNL', 'TRADING_FEE'] },
  { name: msg`Crowdfunding`, types: ['CROWDFUNDING_INVESTMENT', 'CROWDFUNDING_PAYOUT_PROFIT', 'CROWDFUNDING_PAYOUT_BODY'] },
  { name: msg`Airdrops and tokens`, types: ['AIRDROP', 'SPONSOR_AIRDROP_PROFIT', 'AIRDROP_RAFFLE_REWARD', 'ITO_TOKEN_DEPOSIT', 'SWAP_POINTS'] },
  { name: msg`Lotteries`, types: ['LOTTERY_TICKET', 'LOTTERY_PRIZE'] },
  { name: msg`Administrator`, types: ['ADMIN_DEPOSIT', 'ADMIN_WITHDRAWAL'] },
] as const satisfies readonly { name: MessageDescriptor; types: readonly TransactionType[] }[];

export const historyEntryNames: Record<HistoryEntryType, MessageDescriptor> = {
  RealisedPNL: msg`Realised PNL`,
  Deposit: msg`Deposits`,
  Withdrawal: msg`Withdrawals`,
  AffiliatePayout: msg`Affiliate payouts`,
};

export const historyRangeNames: Record<HistoryRange, MessageDescriptor> = {
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '3m': msg`3 months`,
  '6m': msg`6 months`,
  '12m': msg`12 months`,
};
