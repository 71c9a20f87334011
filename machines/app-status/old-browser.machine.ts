// Old browser (spec §4 "App state", §5 "Browser minimums", §9): below Safari 14.1, Chrome 84, Edge 84,
// Opera 70, or any Internet Explorer, a dialog (480 wide) says so. It can be closed, or set never to
// show again (stored under hideOldBrowser).
import { setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { OldBrowserContext, OldBrowserEvent, OldBrowserInput } from './old-browser.types';

export const oldBrowserMachine = setup({
  types: {
    input: {} as OldBrowserInput,
    context: {} as OldBrowserContext,
    events: {} as OldBrowserEvent,
  },
  actors: {
    /** True when this browser is below the minimums. */
    checkBrowser: notProvidedActor<boolean>('checkBrowser'),
  },
  actions: {
    rememberNeverAgain: notProvidedAction('rememberNeverAgain'),
  },
  guards: {
    isOutdated: ({ event }) => (event as { output?: boolean }).output === true,
    wasHidden: ({ context }) => context.neverAgain,
  },
}).createMachine({
  id: 'oldBrowser',
  context: ({ input }) => input,
  initial: 'checking',
  states: {
    checking: {
      meta: { description: 'Reads the browser and its version.' },
      invoke: {
        id: 'checkBrowser',
        src: 'checkBrowser',
        onDone: [
          { guard: 'wasHidden', target: 'dismissed', meta: { description: 'Warning hidden before' } },
          { guard: 'isOutdated', target: 'warning', meta: { description: 'Browser is old' } },
          { target: 'dismissed', meta: { description: 'Browser is fine' } },
        ],
        onError: { target: 'dismissed', meta: { description: 'Check failed' } },
      },
    },
    warning: {
      meta: { description: 'The old-browser dialog.' },
      tags: ['dialog'],
      on: {
        'dialog.close': { target: 'dismissed', meta: { description: 'Member closes' } },
        'dialog.neverAgain': { target: 'dismissed', actions: 'rememberNeverAgain', meta: { description: 'Member says never again' } },
      },
    },
    dismissed: {
      meta: { description: 'Nothing to show (a recent browser, closed, or never again).' },
      type: 'final',
    },
  },
});
