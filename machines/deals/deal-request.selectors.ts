// What the deal request form reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { DealField, DealStep } from '../../domain/deals';
import type { dealRequestMachine } from './deal-request.machine';

type DealRequestSnapshot = SnapshotFrom<typeof dealRequestMachine>;

/** The step shown (the contacts step stays shown, read only, while the request is sent). */
export const selectStep = (s: DealRequestSnapshot): DealStep | null => {
  if (s.matches({ editing: 'who' })) return 'who';
  if (s.matches({ editing: 'what' })) return 'what';
  if (s.matches({ editing: 'contacts' }) || s.matches('sending')) return 'contacts';
  return null;
};
export const selectValue = (field: DealField) => (s: DealRequestSnapshot) => s.context.values[field];
export const selectFieldError = (field: DealField) => (s: DealRequestSnapshot) => s.context.fieldErrors[field] ?? null;
export const selectSending = (s: DealRequestSnapshot) => s.matches('sending');
export const selectFiled = (s: DealRequestSnapshot) => (s.matches('filed') ? s.context.deal : null);
/** Whether anything is typed (a draft came back, or the member began): the page opens on the form then. */
export const selectHasAnswers = (s: DealRequestSnapshot) => Object.values(s.context.values).some((value) => value !== '');
