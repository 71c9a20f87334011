// What the account form reads of its flow: the fields it shows, the checklist of the key's checks, and why a save
// was refused.
import type { SnapshotFrom } from 'xstate';
import { checkOutcome, isKeyRefusal, keyChecks, type KeyCheck } from '../../domain/trading';
import type { exchangeAccountMachine } from './exchange-account.machine';
import { credentialFieldsOf, hasNewKey } from './exchange-account.schema';

type ExchangeAccountSnapshot = SnapshotFrom<typeof exchangeAccountMachine>;

/** A step of the key's checklist: passed, failed, being checked now, or not reached. */
export type CheckState = 'passed' | 'failed' | 'checking' | 'notReached';
export interface CheckStep {
  check: KeyCheck;
  state: CheckState;
}

/** The drawer shows while the member types and while the key is checked (a new account's page opens after). */
export const selectOpen = (s: ExchangeAccountSnapshot) => s.hasTag('editable') || s.hasTag('busy');
export const selectMode = (s: ExchangeAccountSnapshot) => s.context.mode;
export const selectEditable = (s: ExchangeAccountSnapshot) => s.hasTag('editable');
export const selectBusy = (s: ExchangeAccountSnapshot) => s.hasTag('busy');
export const selectDone = (s: ExchangeAccountSnapshot) => s.matches('done');
export const selectValues = (s: ExchangeAccountSnapshot) => s.context.values;
export const selectFieldErrors = (s: ExchangeAccountSnapshot) => s.context.fieldErrors;
export const selectExchanges = (s: ExchangeAccountSnapshot) => s.context.exchanges;
export const selectAccount = (s: ExchangeAccountSnapshot) => s.context.account;
/** The credential fields shown (a stable string: the view splits it). */
export const selectCredentialFields = (s: ExchangeAccountSnapshot) => credentialFieldsOf(s.context.exchanges, s.context.values.exchange).join(',');
/** Whether this save checks a key (always when adding; an edit only with a new key). */
export const selectChecksKey = (s: ExchangeAccountSnapshot) =>
  s.context.mode === 'add' || hasNewKey(s.context.values, credentialFieldsOf(s.context.exchanges, s.context.values.exchange));
/** Why the last save was refused by name (a key check, maintenance, a services' limit), while the form shows it. */
export const selectRefusal = (s: ExchangeAccountSnapshot) => (s.hasTag('editable') ? s.context.refusal : null);

const stepsOf = (state: (check: KeyCheck, index: number) => CheckState): CheckStep[] => keyChecks.map((check, index) => ({ check, state: state(check, index) }));

/** The checklist, a stable string of `check:state` pairs: while checking every step is under way; after a refused
 * key the steps passed, the failed one and the rest not reached; otherwise none. */
export function selectChecklist(s: ExchangeAccountSnapshot): string {
  let steps: CheckStep[] = [];
  if (s.hasTag('busy') && selectChecksKey(s)) steps = stepsOf(() => 'checking');
  else if (s.hasTag('editable') && isKeyRefusal(s.context.refusal)) {
    const { passed, failed } = checkOutcome(s.context.refusal);
    steps = stepsOf((check) => (passed.includes(check) ? 'passed' : check === failed ? 'failed' : 'notReached'));
  }
  return steps.map((step) => `${step.check}:${step.state}`).join(',');
}

export const checklistSteps = (checklist: string): CheckStep[] =>
  checklist === '' ? [] : checklist.split(',').map((pair) => {
    const [check, state] = pair.split(':') as [KeyCheck, CheckState];
    return { check, state };
  });
