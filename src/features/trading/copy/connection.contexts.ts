// The /connection/{id} page's flow; its provider is in src/app/flows/copy-trading-connection.ts.
import { createActorContext } from '@xstate/react';
import { connectionMachine } from '../../../../machines/trading/connection.machine';

export const ConnectionContext = createActorContext(connectionMachine);
