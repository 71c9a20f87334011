// Effects of the wallet area's flows (spec §5 "Withdrawal", §6, §9): requesting a withdrawal with an
// idempotency key (a retry of the same request after a lost answer reuses its key, so the amount moves
// once), canceling a new one, and fetching the wallets, the list and `me`'s balances again afterwards. The
// providers mount them for the withdrawals page.
import { fromPromise } from 'xstate';
import { t } from '@lingui/core/macro';
import { withdrawalMachine } from '../../../machines/wallet/withdrawal.machine';
import { withdrawalCancelMachine } from '../../../machines/wallet/withdrawal-cancel.machine';
import type { WithdrawalFormValues } from '../../../machines/wallet/withdrawal.schema';
import type { WithdrawalSetup } from '../../../machines/wallet/withdrawal.types';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { cancelWithdrawalMutation, requestWithdrawalMutation, toRequestInput, toRequested } from '../../api/wallet';
import { queryClient } from '../router/query-client';
import { WithdrawalCancelContext, WithdrawalContext } from '../../features/wallet/wallet.contexts';
import { memberDrafts } from './drafts';
import { showSuccessToast } from '../toasts';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';
import { failureOf } from '../../../domain/app-error';

/** The wallet area and the member's balances (`me.wallet_balance`) are fetched again. */
const refreshWallet = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.account.me() });
};

/**
 * The key of a request: kept while the same request (all but the two-factor code, which changes every 30 s)
 * is tried again after a failure, new for any other request and after a success.
 */
let pendingRequest: { body: string; key: string } | null = null;
function requestKey(values: WithdrawalFormValues): string {
  const body = JSON.stringify({ ...values, code: undefined });
  if (pendingRequest?.body !== body) pendingRequest = { body, key: `withdrawal:${crypto.randomUUID()}` };
  return pendingRequest.key;
}

export const createWithdrawalLogic = perTenant(() =>
  withdrawalMachine.provide({
    actors: {
      requestWithdrawal: fromPromise(({ input }) =>
        outcome(
          ['TwoFaCodeError', 'TooManyAttempts', 'InsufficientBalance', 'WithdrawalsSuspended', 'TwoFaRequired', 'IdempotencyKeyReused'],
          async () => {
            const { requestWithdrawal } = await api.request(requestWithdrawalMutation, {
              input: toRequestInput(input),
              idempotency_key: requestKey(input),
            });
            pendingRequest = null;
            memberDrafts.clear('withdrawal');
            return toRequested(requestWithdrawal);
          },
        ),
      ),
    },
    actions: {
      refreshWallet,
      // The form says an amount the wallet cannot cover itself, in the wallet's words (not the invoice's).
      notifyFailure: (args) => {
        if (failureOf(args.event) !== 'InsufficientBalance') notifyFailure(args);
      },
    },
  }),
);

export const createWithdrawalCancelLogic = perTenant(() =>
  withdrawalCancelMachine.provide({
    actors: {
      cancelWithdrawal: fromPromise(({ input }) =>
        outcome(['WithdrawalNotFound', 'WithdrawalNotCancelable'], async () => {
          await api.request(cancelWithdrawalMutation, { id: input.id });
        }),
      ),
    },
    actions: {
      refreshWallet,
      notifyFailure,
      confirmCanceled: () => showSuccessToast(t`The withdrawal is canceled and the amount is back in your wallet.`),
    },
  }),
);


/** The withdrawal request, starting from the wallets as the page loaded them. */
export const WithdrawalProvider = flowProvider(WithdrawalContext, ({ setup }: { setup: WithdrawalSetup }, tenant) => ({
  logic: createWithdrawalLogic(tenant),
  input: { setup },
}));

export const WithdrawalCancelProvider = flowProvider(WithdrawalCancelContext, (_props: object, tenant) => ({
  logic: createWithdrawalCancelLogic(tenant),
}));
