// Adding or editing an exchange account (issue 31; spec §3 Account, §5, calls §4 statuses, §8, §9): the form on
// /my-accounts (add) and on /my-account/{id} (edit). It starts closed and opens on the member's Add or Edit. The
// member names the account, picks an exchange the server offers and types exactly the credentials that exchange
// needs (a passphrase only where it uses one); an edit needs the name only, and a new key when one is typed. Each
// field's problem shows beside it. Saving checks the key on the server before anything is stored: the five checks
// of domain/trading.ts keyChecks show as steps while it runs, and a refusal by one of them brings the member back to
// the form with the steps passed ticked and the failed one named with what to do, and nothing typed lost (the
// secrets too, so one character can be corrected). Maintenance or an unreachable exchange decided nothing (try later);
// a services' limit offers the upgrade. Each set of answers has one idempotency key: a call that failed is retried
// with the same key, so one account is made at most. A new account goes to its page; an edit closes the form.
import { and, assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf, type AppErrorReason } from '../../domain/app-error';
import { isKeyRefusal } from '../../domain/trading';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import {
  accountErrors,
  blankAccountValues,
  chosenExchange,
  credentialFieldsOf,
  editValuesOf,
  hasErrors,
  requestOf,
  serverFieldErrors,
} from './exchange-account.schema';
import type {
  AccountField,
  ExchangeAccountContext,
  ExchangeAccountEvent,
  ExchangeAccountInput,
  SaveAccountOutcome,
  SaveAccountRequest,
  SaveRefusal,
} from './exchange-account.types';

const undecidedReasons: readonly AppErrorReason[] = ['ExchangeMaintenance', 'ExchangeUnavailable'];

/** The form's errors for its values against the exchanges offered. */
export const formErrorsOf = (context: Pick<ExchangeAccountContext, 'mode' | 'values' | 'exchanges'>) =>
  accountErrors(context.mode, context.values, context.exchanges);

const requestOfContext = (context: ExchangeAccountContext) =>
  requestOf(context.mode, context.values, context.exchanges, context.account?.id ?? null);

export const exchangeAccountMachine = setup({
  types: {
    context: {} as ExchangeAccountContext,
    events: {} as ExchangeAccountEvent,
    input: {} as ExchangeAccountInput,
  },
  actors: {
    /** myAccountCreate (once per idempotency key) or myAccountUpdate: the key checked, then the account saved. */
    saveAccount: notProvidedActor<SaveAccountOutcome, SaveAccountRequest>('saveAccount'),
  },
  actions: {
    /** A failed call's message goes to the notifier (calls §8); a field the server refused stays beside it. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** The member's accounts and services are fetched again (a list, a page, the limits). */
    refreshAccounts: notProvidedAction('refreshAccounts'),
    /** A new account: its page (/my-account/{id}). */
    showAccount: notProvidedAction('showAccount'),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** The typed value; its problem cleared, and a credential field the exchange no longer needs forgets its problem. */
    assignField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      const shown: readonly string[] = credentialFieldsOf(context.exchanges, values.exchange);
      const fieldErrors = Object.fromEntries(
        Object.entries(context.fieldErrors).filter(
          ([field]) => field !== event.field && (field === 'name' || field === 'exchange' || shown.includes(field)),
        ),
      );
      return { values, fieldErrors };
    }),
    /** A refusal by name: nothing was stored, so the next save is a new attempt with a new key. */
    assignRefusal: assign(({ event }) => ({
      refusal: failureOf(event) as SaveRefusal,
      error: errorOf(event),
      idempotencyKey: null,
      attemptOf: null,
    })),
    /** A new attempt unless the same answers are sent again with their key not yet spent. */
    beginAttempt: assign(({ context }) => {
      const answers = JSON.stringify(requestOfContext(context));
      return context.idempotencyKey !== null && context.attemptOf === answers
        ? { fieldErrors: {}, error: null, refusal: null }
        : {
            fieldErrors: {},
            error: null,
            refusal: null,
            attempt: context.attempt + 1,
            idempotencyKey: `${context.keyPrefix}:${context.attempt + 1}`,
            attemptOf: answers,
          };
    }),
  },
  guards: {
    /** Only the fields the form shows change: the exchange when adding (one offered, or none), the credentials the
     * chosen exchange needs. */
    isShownField: ({ context, event }) => {
      if (event.type !== 'field.change') return false;
      const field: AccountField = event.field;
      if (field === 'name') return true;
      if (field === 'exchange') return context.mode === 'add' && (event.value === '' || chosenExchange(context.exchanges, event.value) !== null);
      return (credentialFieldsOf(context.exchanges, context.values.exchange) as readonly string[]).includes(field);
    },
    isValid: ({ context }) => !hasErrors(formErrorsOf(context)),
    isAdding: ({ context }) => context.mode === 'add',
    succeeded: ({ event }) => failureOf(event) === null,
    /** One of the key's checks failed: the checklist names it. */
    isKeyRefused: ({ event }) => isKeyRefusal(failureOf(event)),
    /** Maintenance, or the exchange could not be reached: nothing was decided. */
    isUndecided: ({ event }) => undecidedReasons.includes(failureOf(event)!),
  },
}).createMachine({
  id: 'exchangeAccount',
  context: ({ input }) => ({
    mode: input.mode,
    keyPrefix: input.keyPrefix,
    exchanges: input.exchanges,
    account: input.mode === 'edit' ? input.account : null,
    values: input.mode === 'edit' ? editValuesOf(input.account) : blankAccountValues,
    fieldErrors: {},
    error: null,
    refusal: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The form is closed: the page shows Add account (or Edit on an account’s page).' },
      on: {
        'form.open': { target: 'editing', meta: { description: 'Member opens the form' } },
      },
    },
    editing: {
      meta: {
        description:
          'The member types the name, picks the exchange and types its credentials; after a refused key the checklist shows which check failed and why.',
      },
      tags: ['editable'],
      on: {
        'field.change': { guard: 'isShownField', actions: 'assignField' },
        'account.submit': [
          { guard: 'isValid', target: 'checking', actions: 'beginAttempt', meta: { description: 'Member saves: the key is checked' } },
          {
            actions: assign({ fieldErrors: ({ context }) => formErrorsOf(context) }),
            meta: { description: 'A field breaks a rule: its message shows beside it.' },
          },
        ],
        'form.cancel': { target: 'closed', meta: { description: 'Member closes the form; what was typed stays for next time.' } },
      },
    },
    checking: {
      meta: { description: 'The server checks the key step by step (credentials, balance, trading, no withdrawal, qualified), then saves the account.' },
      tags: ['busy'],
      invoke: {
        id: 'saveAccount',
        src: 'saveAccount',
        input: ({ context }) => ({ ...requestOfContext(context), idempotencyKey: context.idempotencyKey! }),
        onDone: [
          {
            guard: and(['succeeded', 'isAdding']),
            target: 'done',
            actions: [assign(({ event }) => ({ account: valueOf(event.output), idempotencyKey: null, attemptOf: null })), 'refreshAccounts', 'showAccount'],
            meta: { description: 'Key passed every check: the new account is saved and its page opens.' },
          },
          {
            guard: 'succeeded',
            target: 'closed',
            actions: [
              // The name as saved; the new key is not kept once it is stored.
              assign(({ context, event }) => ({
                account: valueOf(event.output),
                values: { ...blankAccountValues, name: context.values.name.trim(), exchange: context.values.exchange },
                idempotencyKey: null,
                attemptOf: null,
              })),
              'refreshAccounts',
            ],
            meta: { description: 'Edit saved: the form closes and the page shows the account as saved.' },
          },
          {
            guard: 'isKeyRefused',
            target: 'editing',
            actions: 'assignRefusal',
            meta: { description: 'A check failed: the checklist ticks the passed steps and names the failed one; nothing typed is lost.' },
          },
          {
            guard: 'isUndecided',
            target: 'editing',
            actions: 'assignRefusal',
            meta: { description: 'The exchange is in maintenance or unreachable: nothing was decided, try again later.' },
          },
          {
            target: 'editing',
            actions: 'assignRefusal',
            meta: { description: 'The member’s services allow no more accounts, or not this exchange: the upgrade is offered.' },
          },
        ],
        // Unknown whether it was saved: sending the same answers again uses the same key, so one account at most.
        onError: {
          target: 'editing',
          actions: ['assignError', assign({ fieldErrors: ({ event }) => serverFieldErrors(errorOf(event)) }), 'notifyFailure'],
          meta: { description: 'Call failed, or the server named fields: the notifier or the fields say why; the values stay.' },
        },
      },
    },
    done: {
      meta: { description: 'The new account is saved (its key passed every check) and its page opens.' },
    },
  },
});
