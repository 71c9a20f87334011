// Effects of the trading area's flows (issue 31, /my-accounts and /my-account/{id}) and the providers the pages
// mount them with: saving an account (added with the attempt's idempotency key, or edited), disconnecting one with
// the member's reason; each refreshes the accounts, the account's page and the services' usage.
import { fromPromise } from 'xstate';
import { accountDisconnectMachine } from '../../../machines/trading/account-disconnect.machine';
import { exchangeAccountMachine } from '../../../machines/trading/exchange-account.machine';
import type { SaveRefusal } from '../../../machines/trading/exchange-account.types';
import type { ExchangeAccountRow, ExchangeOption } from '../../../machines/trading/trading.types';
import { keyRefusals } from '../../../domain/trading';
import { disconnectAccount, saveAccount } from '../../api/trading';
import { queryKeys } from '../../api/query-keys';
import { AccountDisconnectContext, ExchangeAccountContext } from '../../features/trading/trading.contexts';
import { queryClient } from '../router/query-client';
import { navigate } from '../router/navigation';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

/** The refusals a save resolves with by name (the rest reject, for the notifier). */
const saveRefusals: readonly SaveRefusal[] = [
  ...(Object.keys(keyRefusals) as (keyof typeof keyRefusals)[]),
  'ExchangeMaintenance',
  'ExchangeUnavailable',
  'AccountLimitReached',
  'ExchangeNotInService',
];

const refreshAccounts = () => void queryClient.invalidateQueries({ queryKey: queryKeys.trading.all() });

export const createExchangeAccountLogic = perTenant((tenant) =>
  exchangeAccountMachine.provide({
    actors: {
      saveAccount: fromPromise(({ input }) => outcome(saveRefusals, () => saveAccount(tenant.uuid, input))),
    },
    actions: {
      notifyFailure,
      refreshAccounts,
      showAccount: ({ context }) => void navigate({ to: '/my-account/$id', params: { id: context.account!.id } }),
    },
  }),
);

export const createAccountDisconnectLogic = perTenant((tenant) =>
  accountDisconnectMachine.provide({
    actors: {
      disconnectAccount: fromPromise(({ input }) => disconnectAccount(tenant.uuid, input.accountId, input.reason)),
    },
    actions: { notifyFailure, refreshAccounts },
  }),
);

/** Adding an account (no account given) or editing one: a fresh idempotency key prefix per form. */
export const ExchangeAccountProvider = flowProvider(
  ExchangeAccountContext,
  ({ exchanges, account }: { exchanges: ExchangeOption[]; account?: ExchangeAccountRow }, tenant) => ({
    logic: createExchangeAccountLogic(tenant),
    input: account
      ? { mode: 'edit' as const, exchanges, account, keyPrefix: `account-${crypto.randomUUID()}` }
      : { mode: 'add' as const, exchanges, keyPrefix: `account-${crypto.randomUUID()}` },
    key: account ? `edit-${account.id}` : 'add',
  }),
);

/** The account page's Disconnect. */
export const AccountDisconnectProvider = flowProvider(AccountDisconnectContext, ({ accountId }: { accountId: string }, tenant) => ({
  logic: createAccountDisconnectLogic(tenant),
  input: { accountId },
  key: accountId,
}));
