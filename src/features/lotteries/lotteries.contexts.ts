// The lotteries area's flows: buying tickets (one per raffle page, keyed by its id) and verifying a drawn raffle;
// the providers are in src/app/flows/lotteries.ts.
import { createActorContext } from '@xstate/react';
import { buyTicketsMachine } from '../../../machines/lotteries/buy-tickets.machine';
import { verifyDrawMachine } from '../../../machines/lotteries/verify-draw.machine';

export const BuyTicketsContext = createActorContext(buyTicketsMachine);
export const VerifyDrawContext = createActorContext(verifyDrawMachine);
