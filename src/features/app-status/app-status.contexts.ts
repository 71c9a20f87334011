// The app-status area's flows: the app-wide singletons started with the app (app state, old browser) are
// handed to views through plain contexts; the member status flow runs once per member layout.
import { createContext, useContext } from 'react';
import { createActorContext } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { memberStatusMachine } from '../../../machines/app-status/member-status.machine';
import type { appStateMachine } from '../../../machines/app-status/app-state.machine';
import type { oldBrowserMachine } from '../../../machines/app-status/old-browser.machine';

export const AppStateActorContext = createContext<ActorRefFrom<typeof appStateMachine> | null>(null);
export const OldBrowserActorContext = createContext<ActorRefFrom<typeof oldBrowserMachine> | null>(null);

export function useRequired<T>(context: React.Context<T | null>): T {
  const value = useContext(context);
  if (!value) throw new Error('The app-status flows are not provided');
  return value;
}

/** The member status flow, one per member layout. */
export const MemberStatusContext = createActorContext(memberStatusMachine);
