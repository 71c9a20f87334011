export interface OldBrowserInput {
  /** The member chose never to see the dialog again (stored under hideOldBrowser). */
  neverAgain: boolean;
}

export type OldBrowserContext = OldBrowserInput;

export type OldBrowserEvent = { type: 'dialog.close' } | { type: 'dialog.neverAgain' };
