// The app-wide status flows: singletons started with the app (app state, old browser) are handed to
// views through plain contexts. (The member status flow's context lives with its views, in the member
// layout's code.)
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appStateMachine } from '../../../machines/app-state/app-state.machine';
import type { oldBrowserMachine } from '../../../machines/old-browser/old-browser.machine';

export const AppStateActorContext = createContext<ActorRefFrom<typeof appStateMachine> | null>(null);
export const OldBrowserActorContext = createContext<ActorRefFrom<typeof oldBrowserMachine> | null>(null);

export function useRequired<T>(context: React.Context<T | null>): T {
  const value = useContext(context);
  if (!value) throw new Error('The app-status flows are not provided');
  return value;
}
