// What a member typed in a form and has not sent (issue 33: drafts survive an expired session). Kept in this
// tab's session storage under the member's id and the form's name, written as they type, read as the form's
// initial values when the same member is back (after signing in again), cleared when the form is sent and on
// a deliberate logout. Never a password, a code or a secret: such fields are dropped before anything is written.
import { useCallback, useState } from 'react';
import { readSession, writeSession } from './storage';

export type DraftForm = 'profile' | 'deal-request' | 'withdrawal' | 'deposit-amount';

const prefix = 'form-draft:';
const keyOf = (form: DraftForm, member: string) => `${prefix}${member}:${form}`;

/** Field names that hold secrets (passwords, two-factor and e-mail codes, API keys and secrets). */
const secretField = /pass(word)?|code|secret|otp|totp|twofa|two_fa|pin$|api_?key|token/i;

function withoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !secretField.test(name)));
}

/** The member's draft of a form, or null (none, unreadable, or no member known). */
export function readFormDraft<T extends object>(form: DraftForm, member: string | null | undefined): Partial<T> | null {
  if (!member) return null;
  try {
    const stored = JSON.parse(readSession(keyOf(form, member)) ?? 'null') as unknown;
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (withoutSecrets(stored as Record<string, unknown>) as Partial<T>) : null;
  } catch {
    return null;
  }
}

export function writeFormDraft(form: DraftForm, member: string | null | undefined, values: object): void {
  if (!member) return;
  writeSession(keyOf(form, member), JSON.stringify(withoutSecrets(values as Record<string, unknown>)));
}

export function clearFormDraft(form: DraftForm, member: string | null | undefined): void {
  if (member) writeSession(keyOf(form, member), null);
}

/** A deliberate logout: no draft of anyone's stays in the tab. */
export function clearFormDrafts(): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < window.sessionStorage.length; index += 1) {
      const key = window.sessionStorage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    keys.forEach((key) => window.sessionStorage.removeItem(key));
  } catch {
    /* storage unavailable */
  }
}

/**
 * A form view's draft for the member: what to start from (read once) and how to keep what they type. For
 * forms whose values live in the view; a form held in a flow keeps its draft through the flow's input and
 * actions instead.
 */
export function useFormDraft<T extends object>(form: DraftForm, member: string) {
  const [draft] = useState(() => readFormDraft<T>(form, member));
  const save = useCallback((values: Partial<T>) => writeFormDraft(form, member, values), [form, member]);
  return { draft, save };
}
