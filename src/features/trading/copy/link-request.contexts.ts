// The Connect panel's flow (asking to follow a strategy); its provider is in src/app/flows/copy-trading.ts.
import { createActorContext } from '@xstate/react';
import { linkRequestMachine } from '../../../../machines/trading/link-request.machine';

export const LinkRequestContext = createActorContext(linkRequestMachine);
