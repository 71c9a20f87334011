// Wallet: the transactions list and the balance history from the ledger, and withdrawals (options, list,
// request, cancel), and the dashboard's widget values. Every answer is the signed-in member's own; `me`
// shows the balances.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { idempotencyKeyField, validate } from '../../validation';
import { transactionTypes, historyRangeKeys, withdrawalMethods, withdrawalStatuses } from '../../../domain/ledger';
import { transactionsPage, withdrawalsPage } from '../../../domain/limits';
import { balanceHistory, transactionPage } from './history';
import { dashboardFinance, dashboardMyDeals, dashboardPlans, dashboardTeamDeals } from './dashboard';
import { cancelWithdrawal, withdrawalOptions, withdrawalPage } from './withdrawals';
import { requestWithdrawal } from './withdrawal-request';

const currencyField = v.nullish(v.pipe(v.string(), v.trim(), v.regex(/^[A-Z0-9]{2,16}$/i, 'unknownCurrency'), v.toUpperCase()));
const idField = v.pipe(v.string('required'), v.trim(), v.regex(/^\d{1,9}$/, 'invalidId'));
const optionalText = (max: number) => v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max, `maxLength:${max}`)));

const transactionsInput = v.object({
  type: v.nullish(v.picklist(transactionTypes, 'transactionType')),
  currency: currencyField,
  first: v.pipe(v.number(), v.integer('integer'), v.minValue(1, 'minValue:1'), v.maxValue(transactionsPage.max, `maxValue:${transactionsPage.max}`)),
  after: v.nullish(idField),
});

const withdrawalsInput = v.object({
  status: v.nullish(v.picklist(withdrawalStatuses, 'withdrawalStatus')),
  page: v.pipe(v.number(), v.integer('integer'), v.minValue(1, 'minValue:1')),
  count: v.pipe(v.number(), v.integer('integer'), v.minValue(1, 'minValue:1'), v.maxValue(withdrawalsPage.max, `maxValue:${withdrawalsPage.max}`)),
});

const requestInput = v.object({
  input: v.object({
    currency: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(16, 'maxLength:16'), v.toUpperCase()),
    amount: v.pipe(v.string('required'), v.trim(), v.maxLength(24, 'maxLength:24')),
    template_id: v.nullish(idField),
    method: v.nullish(v.picklist(withdrawalMethods, 'required')),
    network: optionalText(16),
    address: optionalText(128),
    holder_name: optionalText(200),
    iban: optionalText(64),
    bic: optionalText(16),
    tax_id: optionalText(16),
    swift: optionalText(16),
    account_number: optionalText(40),
    bank_name: optionalText(200),
    save_template_name: optionalText(100),
    confirm_wallet_access: v.boolean(),
    twofa_verification_code: v.pipe(v.string('required'), v.trim(), v.maxLength(16, 'maxLength:16')),
  }),
  idempotency_key: idempotencyKeyField,
});

export const walletResolvers: Resolvers = {
  Query: {
    async walletTransactions(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const input = validate(transactionsInput, {
        type: args.type || null,
        currency: args.currency || null,
        first: args.first ?? transactionsPage.default,
        after: args.after ?? null,
      });
      return transactionPage(context.db, user.id, {
        type: input.type ?? null,
        currency: input.currency ?? null,
        first: input.first,
        after: input.after ? Number(input.after) : null,
      });
    },
    async balanceHistory(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const input = validate(v.object({ range: v.picklist(historyRangeKeys, 'historyRange'), currency: currencyField }), {
        range: args.range,
        currency: args.currency || null,
      });
      return balanceHistory(context.db, user.id, input.range, input.currency ?? null);
    },
    async withdrawals(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const input = validate(withdrawalsInput, {
        status: args.status || null,
        page: args.page ?? 1,
        count: args.count ?? withdrawalsPage.default,
      });
      return withdrawalPage(context.db, user.id, input.status ?? null, input.page, input.count);
    },
    async withdrawalOptions(_parent, _args, context) {
      return withdrawalOptions(context.db, (await requireViewerTenant(context)).user);
    },
    async dashboardPlans(_parent, _args, context) {
      return dashboardPlans(context.db, (await requireViewerTenant(context)).user.id);
    },
    async dashboardFinance(_parent, _args, context) {
      return dashboardFinance(context.db, (await requireViewerTenant(context)).user.id);
    },
    async dashboardMyDeals(_parent, _args, context) {
      return dashboardMyDeals(context.db, (await requireViewerTenant(context)).user);
    },
    async dashboardTeamDeals(_parent, _args, context) {
      return dashboardTeamDeals(context.db, (await requireViewerTenant(context)).user);
    },
  },
  Mutation: {
    async requestWithdrawal(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const { input, idempotency_key } = validate(requestInput, args);
      return requestWithdrawal(
        context.db,
        user,
        {
          ...input,
          template_id: input.template_id ?? null,
          method: input.method ?? null,
          network: input.network ?? null,
          address: input.address ?? null,
          holder_name: input.holder_name ?? null,
          iban: input.iban ?? null,
          bic: input.bic ?? null,
          tax_id: input.tax_id ?? null,
          swift: input.swift ?? null,
          account_number: input.account_number ?? null,
          bank_name: input.bank_name ?? null,
          save_template_name: input.save_template_name || null,
        },
        idempotency_key ?? null,
      );
    },
    async cancelWithdrawal(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const { id } = validate(v.object({ id: idField }), args);
      return cancelWithdrawal(context.db, user, Number(id));
    },
  },
};
