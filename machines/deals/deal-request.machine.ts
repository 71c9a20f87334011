// Filing a real-estate deal request (issue 30; spec §3 Deal): the deals page's form in three steps a person can
// finish on a phone: who (names, job, marital status, kids), what (distance to sea, payment scheme, readiness) and
// how to reach them (contacts). Each step checks its own fields before the next shows, with the problem beside each;
// the answers are kept as a draft for this tab while the member types (the app stores it), so leaving the page loses
// nothing. Sending carries an idempotency key made once per set of answers: a send that failed is retried with the
// same key, so one request files one deal. A field the server refuses brings the member back to its step with the
// message beside it; any other failure goes to the notifier and the answers stay.
import { assign, setup } from 'xstate';
import { errorOf, type AppError } from '../../domain/app-error';
import { dealFieldProblems, dealSteps, type DealField, type DealStep } from '../../domain/deals';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { Deal } from './deals.types';
import type { DealRequest, DealRequestContext, DealRequestEvent, DealRequestInput, DealValues } from './deal-request.types';

const allFields = Object.values(dealSteps).flat() as DealField[];

export const emptyDealValues = (): DealValues =>
  Object.fromEntries(allFields.map((field) => [field, ''])) as DealValues;

/** The draft's answers over empty ones (only known fields, only strings). */
export function valuesFromDraft(draft: Partial<DealValues> | null): DealValues {
  const values = emptyDealValues();
  for (const field of allFields) {
    const value = draft?.[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

const problemsOf = (values: DealValues, step: DealStep) => dealFieldProblems(values, dealSteps[step]);
const stepValid = (values: DealValues, step: DealStep) => Object.keys(problemsOf(values, step)).length === 0;

/** The fields a validation error names (the contract's snake-case names, bare or under `input.`), with their first code. */
export function serverFieldProblems(error: AppError): Partial<Record<DealField, string>> {
  const problems: Partial<Record<DealField, string>> = {};
  if (error.code !== 'validation') return problems;
  const named = error.fieldCodes ?? error.fields ?? {};
  for (const [name, codes] of Object.entries(named)) {
    const field = name.replace(/^input\./, '') as DealField;
    if (allFields.includes(field) && codes[0]) problems[field] = codes[0];
  }
  return problems;
}

/** The step of the first field the server refused, or null. */
export function stepOfServerFields(error: AppError): DealStep | null {
  const named = Object.keys(serverFieldProblems(error));
  return (Object.keys(dealSteps) as DealStep[]).find((step) => dealSteps[step].some((field) => named.includes(field))) ?? null;
}

const attemptKey = (prefix: string, attempt: number) => `${prefix}-${attempt}`;

export const dealRequestMachine = setup({
  types: {
    context: {} as DealRequestContext,
    events: {} as DealRequestEvent,
    input: {} as DealRequestInput,
  },
  actors: {
    /** moduleDealCreate: files the deal, once per idempotency key. */
    createDeal: notProvidedActor<Deal, DealRequest>('createDeal'),
  },
  actions: {
    /** Keeps the answers as this tab's draft (the app's storage). */
    saveDraft: notProvidedAction('saveDraft'),
    /** The deal is filed: the draft is dropped. */
    clearDraft: notProvidedAction('clearDraft'),
    /** A new deal: the deal lists and the dashboard's deal widgets are fetched again. */
    refreshDeals: notProvidedAction('refreshDeals'),
    /** A failed call's message goes to the notifier (calls §8); fields the server refused stay beside them. */
    notifyFailure: notProvidedAction('notifyFailure'),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** The fields the server refused, each with its message beside it. */
    showServerProblems: assign({ fieldErrors: ({ event }) => serverFieldProblems(errorOf(event)) }),
    /** The typed answer, its problem cleared until the step is checked again. */
    assignField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } };
    }),
    /** The problems of the step's fields, each beside its field. */
    showProblems: assign(({ context }, { step }: { step: DealStep }) => ({ fieldErrors: problemsOf(context.values, step) })),
    /** A new attempt unless the same answers are sent again with their key not yet spent. */
    beginAttempt: assign(({ context }) => {
      const answers = JSON.stringify(context.values);
      return context.idempotencyKey !== null && context.attemptOf === answers
        ? { error: null }
        : { attempt: context.attempt + 1, idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1), attemptOf: answers, error: null };
    }),
  },
  guards: {
    /** Only the shown step's fields can change. */
    isFieldOf: ({ event }, { step }: { step: DealStep }) => event.type === 'field.change' && (dealSteps[step] as readonly string[]).includes(event.field),
    /** The step's answers are valid (the earlier steps were checked before it showed). */
    isStepValid: ({ context }, { step }: { step: DealStep }) => stepValid(context.values, step),
    /** The server refused a field of the step. */
    isRefusedOn: ({ event }, { step }: { step: DealStep }) => stepOfServerFields(errorOf(event)) === step,
  },
}).createMachine({
  id: 'dealRequest',
  context: ({ input }) => ({
    keyPrefix: input.keyPrefix,
    values: valuesFromDraft(input.draft),
    fieldErrors: {},
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    deal: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'The request form, one step at a time; a draft of the answers is kept for this tab.' },
      initial: 'who',
      states: {
        who: {
          meta: { description: 'Who: first and last name, job, marital status, kids.' },
          on: {
            'field.change': { guard: { type: 'isFieldOf', params: { step: 'who' } }, actions: ['assignField', 'saveDraft'] },
            'step.next': [
              { guard: { type: 'isStepValid', params: { step: 'who' } }, target: 'what', actions: assign({ fieldErrors: {} }), meta: { description: 'Member continues' } },
              { actions: { type: 'showProblems', params: { step: 'who' } }, meta: { description: 'A field is missing or too long: the message is beside it.' } },
            ],
          },
        },
        what: {
          meta: { description: 'What: distance to the sea, payment scheme, readiness.' },
          on: {
            'field.change': { guard: { type: 'isFieldOf', params: { step: 'what' } }, actions: ['assignField', 'saveDraft'] },
            'step.back': { target: 'who', actions: assign({ fieldErrors: {} }), meta: { description: 'Member goes back' } },
            'step.next': [
              { guard: { type: 'isStepValid', params: { step: 'what' } }, target: 'contacts', actions: assign({ fieldErrors: {} }), meta: { description: 'Member continues' } },
              { actions: { type: 'showProblems', params: { step: 'what' } }, meta: { description: 'A choice is missing: the message is beside it.' } },
            ],
          },
        },
        contacts: {
          meta: { description: 'How to reach the member: contacts; then Send.' },
          on: {
            'field.change': { guard: { type: 'isFieldOf', params: { step: 'contacts' } }, actions: ['assignField', 'saveDraft'] },
            'step.back': { target: 'what', actions: assign({ fieldErrors: {} }), meta: { description: 'Member goes back' } },
            'deal.submit': [
              { guard: { type: 'isStepValid', params: { step: 'contacts' } }, target: '#dealRequest.sending', actions: 'beginAttempt', meta: { description: 'Member sends the request' } },
              { actions: { type: 'showProblems', params: { step: 'contacts' } }, meta: { description: 'Contacts missing or too short: the message is beside them.' } },
            ],
          },
        },
      },
    },
    sending: {
      meta: { description: 'The request is sent (once per attempt).' },
      tags: ['busy'],
      invoke: {
        id: 'createDeal',
        src: 'createDeal',
        input: ({ context }) => ({ input: context.values, idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'filed',
          actions: [assign({ deal: ({ event }) => event.output, idempotencyKey: null, attemptOf: null }), 'clearDraft', 'refreshDeals'],
          meta: { description: 'Deal filed' },
        },
        // Unknown whether it was filed: Send again uses the same key, so at most one deal is made.
        onError: [
          { guard: { type: 'isRefusedOn', params: { step: 'who' } }, target: 'editing.who', actions: ['assignError', 'showServerProblems'], meta: { description: 'The server refused a first-step answer: its step shows with the message.' } },
          { guard: { type: 'isRefusedOn', params: { step: 'what' } }, target: 'editing.what', actions: ['assignError', 'showServerProblems'], meta: { description: 'The server refused a choice: its step shows with the message.' } },
          { guard: { type: 'isRefusedOn', params: { step: 'contacts' } }, target: 'editing.contacts', actions: ['assignError', 'showServerProblems'], meta: { description: 'The server refused the contacts: the message is beside them.' } },
          { target: 'editing.contacts', actions: ['assignError', 'notifyFailure'], meta: { description: 'Sending failed: the notifier says why; the answers stay.' } },
        ],
      },
    },
    filed: {
      meta: { description: 'The deal is filed: its number and status, and where to follow it.' },
      on: {
        'deal.another': {
          target: 'editing',
          actions: assign({ values: () => emptyDealValues(), fieldErrors: {}, error: null, deal: null }),
          meta: { description: 'Member files another request' },
        },
      },
    },
  },
});
