export interface AppStateAnswer {
  version: string;
  status: string;
  logout_needed: boolean;
}

export interface AppStateContext {
  /** The version this page was loaded with (the first answer). */
  loadedVersion: string | null;
  latest: AppStateAnswer | null;
  /** The member is in the middle of a typed form or a payment step. */
  busy: boolean;
}

export type AppStateEvent =
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'activity.busy' }
  | { type: 'activity.idle' }
  | { type: 'navigation.started' }
  | { type: 'navigation.finished' }
  | { type: 'chunk.failed' }
  | { type: 'reload.confirm' };
