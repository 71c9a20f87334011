// The merchants area's flow: buying a coin (one per merchant page, keyed by its coin); the provider is in
// src/app/flows/merchants.ts.
import { createActorContext } from '@xstate/react';
import { merchantBuyMachine } from '../../../machines/merchants/merchant-buy.machine';

export const MerchantBuyContext = createActorContext(merchantBuyMachine);
