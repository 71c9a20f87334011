// The deals area's flow: filing a deal request (one per deals page); the provider is in src/app/flows/deals.ts.
import { createActorContext } from '@xstate/react';
import { dealRequestMachine } from '../../../machines/deals/deal-request.machine';

export const DealRequestContext = createActorContext(dealRequestMachine);
