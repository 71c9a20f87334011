// One actor context per flow of the wallet area; routes hand each its provided logic and input.
import { createActorContext } from '@xstate/react';
import { withdrawalMachine } from '../../../machines/wallet/withdrawal.machine';
import { withdrawalCancelMachine } from '../../../machines/wallet/withdrawal-cancel.machine';

export const WithdrawalContext = createActorContext(withdrawalMachine);
export const WithdrawalCancelContext = createActorContext(withdrawalCancelMachine);
