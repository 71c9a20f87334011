// The wallet's calls (Beyond §7, server/schema.graphql "wallet"): the withdrawal form's options, the
// withdrawals list, requesting and canceling a withdrawal, the mapping from the contract's shapes to the
// withdrawal flow's; the balance page's wallets, balance history and transactions; the dashboard's widget
// values (one query per widget, so no widget waits for another).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type {
  BalanceHistoryQuery,
  DashboardFinanceQuery,
  DashboardMyDealsQuery,
  DashboardPlansQuery,
  WalletBalancesQuery,
  WithdrawalOptionsQuery,
} from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { transactionsPage, withdrawalsPage } from '../../domain/limits';
import { withdrawalSuspensions } from '../../domain/withdrawal-fields';
import {
  withdrawalMethods,
  withdrawalStatuses,
  type HistoryRange,
  type TransactionType,
  type WithdrawalMethod,
  type WithdrawalStatus,
} from '../../domain/ledger';
import type { WithdrawalFormValues } from '../../machines/wallet/withdrawal.schema';
import type { RequestedWithdrawal, WithdrawalSetup } from '../../machines/wallet/withdrawal.types';

export const withdrawalOptionsQuery = graphql(`
  query WithdrawalOptions {
    withdrawalOptions {
      currencies {
        currency
        symbol
        type
        available
        min_amount
        max_amount
        methods
      }
      templates {
        id
        name
        type
        destination
      }
      twofa
      suspended
      suspended_reason
      automation
      wait_days_min
      wait_days_max
    }
  }
`);

export const withdrawalsQuery = graphql(`
  query Withdrawals($status: String, $page: Int, $count: Int) {
    withdrawals(status: $status, page: $page, count: $count) {
      data {
        id
        currency
        amount
        status
        method
        destination
        template_name
        cancelable
        created_at
        updated_at
      }
      paginatorInfo {
        current_page
        last_page
        per_page
        total
      }
    }
  }
`);

export const requestWithdrawalMutation = graphql(`
  mutation RequestWithdrawal($input: WithdrawalRequestInput!, $idempotency_key: String) {
    requestWithdrawal(input: $input, idempotency_key: $idempotency_key) {
      id
      currency
      amount
      status
      destination
    }
  }
`);

export const cancelWithdrawalMutation = graphql(`
  mutation CancelWithdrawal($id: ID!) {
    cancelWithdrawal(id: $id) {
      id
      status
    }
  }
`);

export type WithdrawalOptions = WithdrawalOptionsQuery['withdrawalOptions'];

export const withdrawalOptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.wallet.withdrawalOptions(), queryFn: () => api.request(withdrawalOptionsQuery) });

export interface WithdrawalsFilter {
  status: WithdrawalStatus | null;
  page: number;
}

export const withdrawalsQueryOptions = (filter: WithdrawalsFilter) =>
  queryOptions({
    queryKey: queryKeys.wallet.withdrawals(filter),
    queryFn: () => api.request(withdrawalsQuery, { status: filter.status, page: filter.page, count: withdrawalsPage.default }),
  });

const isMethod = (value: string): value is WithdrawalMethod => (withdrawalMethods as readonly string[]).includes(value);
export const isWithdrawalStatus = (value: unknown): value is WithdrawalStatus =>
  typeof value === 'string' && (withdrawalStatuses as readonly string[]).includes(value);

/** The flow's start: wallets with bounds and methods, templates, and whether the member may withdraw. */
export const toWithdrawalSetup = (options: WithdrawalOptions): WithdrawalSetup => ({
  currencies: options.currencies.map((currency) => ({
    currency: currency.currency,
    min: currency.min_amount,
    max: currency.max_amount,
    available: currency.available,
    methods: currency.methods.filter(isMethod),
  })),
  templates: options.templates.flatMap((template) =>
    isMethod(template.type) ? [{ id: template.id, name: template.name, type: template.type, destination: template.destination ?? null }] : [],
  ),
  twofa: options.twofa,
  suspended: options.suspended,
  suspendedReason: withdrawalSuspensions.find((why) => why === options.suspended_reason) ?? null,
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The form's values as the contract's WithdrawalRequestInput: a template, or the method's own details. */
export function toRequestInput(values: WithdrawalFormValues) {
  const base = {
    currency: values.currency,
    amount: values.amount.trim(),
    confirm_wallet_access: values.confirmAccess,
    twofa_verification_code: values.code.trim(),
  };
  if (values.templateId !== null) return { ...base, template_id: values.templateId };
  const save = values.saveTemplate ? { save_template_name: orNull(values.templateName) } : {};
  switch (values.method) {
    case 'crypto':
      return { ...base, ...save, method: 'crypto', network: values.network, address: values.address.trim() };
    case 'iban':
      return { ...base, ...save, method: 'iban', holder_name: values.holderName.trim(), iban: values.iban.trim(), bic: orNull(values.bic), tax_id: orNull(values.taxId) };
    case 'swift':
      return {
        ...base,
        ...save,
        method: 'swift',
        holder_name: values.holderName.trim(),
        swift: values.swift.trim(),
        account_number: values.accountNumber.trim(),
        bank_name: values.bankName.trim(),
      };
  }
}

export const toRequested = (answer: { id: string; currency: string; amount: string; status: string; destination: string }): RequestedWithdrawal => ({
  id: answer.id,
  currency: answer.currency,
  amount: answer.amount,
  status: isWithdrawalStatus(answer.status) ? answer.status : 'new',
  destination: answer.destination,
});

// ---------------------------------------------------------------- balance page

export const walletBalancesQuery = graphql(`
  query WalletBalances {
    me {
      id
      wallet_balance {
        currency
        symbol
        icon
        type
        credit
        available
        locked
        usdt_value
        withdrawn
      }
    }
  }
`);

export const balanceHistoryQuery = graphql(`
  query BalanceHistory($range: String!, $currency: String) {
    balanceHistory(range: $range, currency: $currency) {
      range
      bucket
      currency
      points {
        date
        balance
        realised_pnl
        deposit
        withdrawal
        affiliate_payout
      }
    }
  }
`);

export const walletTransactionsQuery = graphql(`
  query WalletTransactions($type: String, $first: Int, $after: ID) {
    walletTransactions(type: $type, first: $first, after: $after) {
      data {
        id
        type
        amount
        currency
        balance_after
        details {
          invoice_tag
          subject
          count
          ref
          reason
        }
        created_at
      }
      next_cursor
      total
    }
  }
`);

export type WalletBalance = NonNullable<WalletBalancesQuery['me']>['wallet_balance'][number];
export type BalanceHistoryAnswer = BalanceHistoryQuery['balanceHistory'];

export const walletBalancesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.wallet.balances(), queryFn: () => api.request(walletBalancesQuery) });

export const balanceHistoryQueryOptions = (range: HistoryRange) =>
  queryOptions({
    queryKey: queryKeys.wallet.history(range),
    queryFn: () => api.request(balanceHistoryQuery, { range }),
  });

export const walletTransactionsQueryOptions = (type: TransactionType | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.wallet.transactions(type),
    queryFn: ({ pageParam }) => api.request(walletTransactionsQuery, { type, first: transactionsPage.default, after: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.walletTransactions.next_cursor ?? undefined,
  });

export const dashboardPlansQuery = graphql(`
  query DashboardPlans {
    dashboardPlans {
      month
      count
      active
    }
  }
`);

export const dashboardFinanceQuery = graphql(`
  query DashboardFinance {
    dashboardFinance {
      month
      profitSum
      invSum
    }
  }
`);

export const dashboardMyDealsQuery = graphql(`
  query DashboardMyDeals {
    dashboardMyDeals {
      dealsSum
      dealsCount
      currency
    }
  }
`);

export const dashboardTeamDealsQuery = graphql(`
  query DashboardTeamDeals {
    dashboardTeamDeals {
      dealsSum
      dealsCount
      currency
    }
  }
`);

export type DashboardPlansMonth = DashboardPlansQuery['dashboardPlans'][number];
export type DashboardFinanceMonth = DashboardFinanceQuery['dashboardFinance'][number];
export type DashboardDeals = DashboardMyDealsQuery['dashboardMyDeals'];

export const dashboardPlansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.wallet.dashboardPlans(), queryFn: () => api.request(dashboardPlansQuery) });
export const dashboardFinanceQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.wallet.dashboardFinance(), queryFn: () => api.request(dashboardFinanceQuery) });
/** My deals (mine) or the team's deals (team). */
export const dashboardDealsQueryOptions = (whose: 'mine' | 'team') =>
  queryOptions({
    queryKey: queryKeys.wallet.dashboardDeals(whose),
    queryFn: async (): Promise<DashboardDeals> =>
      whose === 'mine' ? (await api.request(dashboardMyDealsQuery)).dashboardMyDeals : (await api.request(dashboardTeamDealsQuery)).dashboardTeamDeals,
  });
