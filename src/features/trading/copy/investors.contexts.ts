// A pending request's decision on /investors; its provider is in src/app/flows/copy-trading-investors.ts.
import { createActorContext } from '@xstate/react';
import { requestDecisionMachine } from '../../../../machines/trading/request-decision.machine';

export const RequestDecisionContext = createActorContext(requestDecisionMachine);
