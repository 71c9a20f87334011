// The trading area's flows: adding or editing an exchange account, and disconnecting one; the providers are in
// src/app/flows/trading.ts.
import { createActorContext } from '@xstate/react';
import { accountDisconnectMachine } from '../../../machines/trading/account-disconnect.machine';
import { exchangeAccountMachine } from '../../../machines/trading/exchange-account.machine';

export const ExchangeAccountContext = createActorContext(exchangeAccountMachine);
export const AccountDisconnectContext = createActorContext(accountDisconnectMachine);
