// One actor context per flow of the wallet area; the providers in src/app/flows/wallet.ts run each.
import { createActorContext } from '@xstate/react';
import { withdrawalMachine } from '../../../machines/wallet/withdrawal.machine';
import { withdrawalCancelMachine } from '../../../machines/wallet/withdrawal-cancel.machine';

export const WithdrawalContext = createActorContext(withdrawalMachine);
export const WithdrawalCancelContext = createActorContext(withdrawalCancelMachine);
