// What the old-browser dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { oldBrowserMachine } from './old-browser.machine';

type OldBrowserSnapshot = SnapshotFrom<typeof oldBrowserMachine>;

export const selectOpened = (s: OldBrowserSnapshot) => s.hasTag('dialog');
