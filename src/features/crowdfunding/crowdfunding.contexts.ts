// The crowdfunding area's flow: investing in a project (one per project page, keyed by its id); the provider is
// in src/app/flows/crowdfunding.ts.
import { createActorContext } from '@xstate/react';
import { investMachine } from '../../../machines/crowdfunding/invest.machine';

export const InvestContext = createActorContext(investMachine);
