// What the new-password view reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { newPasswordMachine } from './new-password.machine';

type NewPasswordSnapshot = SnapshotFrom<typeof newPasswordMachine>;

export const selectBusy = (s: NewPasswordSnapshot) => s.hasTag('busy');
export const selectOutcome = (s: NewPasswordSnapshot): 'form' | 'saved' | 'linkInvalid' =>
  s.matches('saved') ? 'saved' : s.matches('linkInvalid') ? 'linkInvalid' : 'form';
export const selectError = (s: NewPasswordSnapshot) => s.context.error;
