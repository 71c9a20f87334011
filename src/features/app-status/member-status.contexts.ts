// The member status flow's actor context, one per member layout (see app-status.contexts.ts).
import { createActorContext } from '@xstate/react';
import { memberStatusMachine } from '../../../machines/app-status/member-status.machine';

export const MemberStatusContext = createActorContext(memberStatusMachine);
