// The app-status area's flows: the app-wide singletons started with the app (app state, old browser) are
// handed to views through plain contexts. The member status flow, once per member layout, has its context in
// member-status.contexts.ts (its machine is no part of the app's first load).
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appStateMachine } from '../../../machines/app-status/app-state.machine';
import type { oldBrowserMachine } from '../../../machines/app-status/old-browser.machine';

export const AppStateActorContext = createContext<ActorRefFrom<typeof appStateMachine> | null>(null);
export const OldBrowserActorContext = createContext<ActorRefFrom<typeof oldBrowserMachine> | null>(null);

export function useRequired<T>(context: React.Context<T | null>): T {
  const value = useContext(context);
  if (!value) throw new Error('The app-status flows are not provided');
  return value;
}
