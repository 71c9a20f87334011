// The wallet pages' addresses (/balance?range=&type=, /withdrawals?status=&page=): the route files check their
// search params with these, so they come with the router on every first load. Nothing here may pull in the
// withdrawal flows, their machines, the bank-details checks or the money arithmetic (src/app/flows/wallet.ts
// holds those, loaded with the pages).
import * as v from 'valibot';
import { historyRangeKeys, transactionTypes, withdrawalStatuses, type HistoryRange } from '../../../domain/ledger';

/**
 * The withdrawals page's search params: ?status=new&page=2 (anything else falls back to all, page 1), and
 * ?currency=EUR, the wallet the form starts on (a wallet card's Withdraw).
 */
export const withdrawalSearchSchema = v.object({
  currency: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,12}$/))), undefined),
  status: v.fallback(v.optional(v.picklist(withdrawalStatuses)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

/** The balance page's search params: ?range=30d&type=WITHDRAWAL (anything else: 30 days, every type). */
export const balanceSearchSchema = v.object({
  range: v.fallback(v.optional(v.picklist(historyRangeKeys)), undefined),
  type: v.fallback(v.optional(v.picklist(transactionTypes)), undefined),
});
export const defaultHistoryRange = '30d' satisfies HistoryRange;
