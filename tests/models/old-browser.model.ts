import { oldBrowserMachine } from '../../machines/app-status/old-browser.machine';
import type { OldBrowserEvent } from '../../machines/app-status/old-browser.types';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const oldBrowserModel: Model<typeof oldBrowserMachine> = {
  machine: oldBrowserMachine,
  inputs: [
    { label: 'first visit', input: { neverAgain: false } },
    { label: 'never again chosen before', input: { neverAgain: true } },
  ],
  events: flattenFixtures({
    'dialog.close': [{ type: 'dialog.close' }],
    'dialog.neverAgain': [{ type: 'dialog.neverAgain' }],
    'xstate.done.actor.checkBrowser': [
      { type: 'xstate.done.actor.checkBrowser', output: true },
      { type: 'xstate.done.actor.checkBrowser', output: false },
    ],
    'xstate.error.actor.checkBrowser': [{ type: 'xstate.error.actor.checkBrowser', error: new Error('no user agent') }],
  } satisfies { [K in OldBrowserEvent['type']]: Extract<OldBrowserEvent, { type: K }>[] } & {
    'xstate.done.actor.checkBrowser': DoneEvent<'checkBrowser', boolean>[];
    'xstate.error.actor.checkBrowser': ErrorEvent<'checkBrowser'>[];
  }),
};
