// Requesting a license (issue 30; spec §3 License request, calls §4 statuses, calls §8 "A license request is
// impossible when no products are bought, or all licenses are already issued or under review"): the /licenses
// page's flow. It loads the member's requests and the products they bought that carry licenses. When no request
// is possible the page says why before (instead of) the form. Otherwise the member picks a product with licenses
// left, types the broker account number (and the broker's server, for a trading-platform license) and a comment;
// each field's problem shows beside it. Each attempt carries an idempotency key made once: a call that failed is
// retried with the same key, so a request is made at most once. A made request joins the list as pending, the
// form starts again and the stock is loaded again; a refusal by name reloads the page and the notifier says why.
// Nothing typed is lost on a failed send.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import {
  blankLicenseValues,
  chosenProduct,
  defaultProductId,
  hasErrors,
  licenseRequestErrors,
  requestOf,
  serverFieldErrors,
} from './license-request.schema';
import type {
  CreateLicenseOutcome,
  CreateLicenseRequest,
  LicenseOverview,
  LicenseRequestContext,
  LicenseRequestEvent,
  LicenseRequestInput,
  LicenseRequestRow,
} from './license-request.types';

const loadedOf = (event: unknown) => (event as { output: LicenseOverview }).output;

/** The overview with a request just made: first in the list, its product's stock one less. */
export function withCreated(overview: LicenseOverview, created: LicenseRequestRow): LicenseOverview {
  const products = overview.products.map((product) =>
    product.id === created.productId ? { ...product, licensesLeft: Math.max(0, product.licensesLeft - 1) } : product,
  );
  const left = products.some((product) => product.licensesLeft > 0);
  return {
    requests: [created, ...overview.requests.filter((request) => request.id !== created.id)],
    products,
    canRequest: left,
    reason: left ? null : 'NoLicensesLeft',
  };
}

/** The form's errors for its values against the products loaded. */
export const formErrorsOf = (context: Pick<LicenseRequestContext, 'values' | 'overview'>) =>
  licenseRequestErrors(context.values, context.overview?.products ?? []);

const attemptOfValues = (context: LicenseRequestContext) => JSON.stringify(requestOf(context.values, context.overview?.products ?? []));

export const licenseRequestMachine = setup({
  types: {
    context: {} as LicenseRequestContext,
    events: {} as LicenseRequestEvent,
    input: {} as LicenseRequestInput,
  },
  actors: {
    /** moduleLicenseRequests: the member's requests, their products with licenses and whether they may request. */
    loadOverview: notProvidedActor<LicenseOverview>('loadOverview'),
    /** moduleLicenseRequestCreate: a pending request, once per idempotency key. */
    createRequest: notProvidedActor<CreateLicenseOutcome, CreateLicenseRequest>('createRequest'),
  },
  actions: {
    /** A failed call's message goes to the notifier (calls §8); a field the server refused stays beside it. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** The overview loaded; a product chosen that has no licenses left any more is unchosen. */
    assignOverview: assign(({ context, event }) => {
      const overview = loadedOf(event);
      const keep = chosenProduct(overview.products, context.values.productId) !== null;
      return { overview, values: { ...context.values, productId: keep ? context.values.productId : defaultProductId(overview.products) } };
    }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** A new attempt unless the same request is sent again with its key not yet spent. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null && context.attemptOf === attemptOfValues(context)
        ? {}
        : { attempt: context.attempt + 1, idempotencyKey: `${context.keyPrefix}:${context.attempt + 1}`, attemptOf: attemptOfValues(context) },
    ),
  },
  guards: {
    /** No product with licenses bought, or every license issued or under review. */
    isRefused: ({ context }) => !context.overview?.canRequest,
    isValid: ({ context }) => !hasErrors(formErrorsOf(context)),
    /** The form offers only products with licenses left, and asks for the broker's server only for a product that needs it. */
    isOffered: ({ context, event }) => {
      if (event.type !== 'field.change') return false;
      const products = context.overview?.products ?? [];
      if (event.field === 'productId') return event.value === '' || chosenProduct(products, event.value) !== null;
      if (event.field === 'brokerServer') return chosenProduct(products, context.values.productId)?.needsServer ?? false;
      return true;
    },
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'licenseRequest',
  context: ({ input }) => ({
    keyPrefix: input.keyPrefix,
    overview: null,
    values: blankLicenseValues,
    fieldErrors: {},
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    created: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'The member’s license requests and their products with licenses are loading.' },
      tags: ['loading'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: { target: 'ready', actions: 'assignOverview', meta: { description: 'Licenses loaded' } },
        onError: { target: 'loadFailed', actions: 'assignError', meta: { description: 'Loading failed: the page says so with Try again.' } },
      },
    },
    loadFailed: {
      meta: { description: 'The licenses could not be loaded: its message and Try again.' },
      on: { 'load.retry': { target: 'loading', actions: assign({ error: null }), meta: { description: 'Member retries' } } },
    },
    ready: {
      meta: { description: 'The member’s requests with their status (the key once accepted, the reason when declined).' },
      initial: 'deciding',
      states: {
        deciding: {
          meta: { description: 'Whether the member can request a license now.' },
          always: [
            { guard: 'isRefused', target: 'refused', meta: { description: 'No products bought, or no licenses left.' } },
            { target: 'editing', meta: { description: 'The member can request' } },
          ],
        },
        refused: {
          meta: { description: 'Why no license can be requested (no products bought; all licenses issued or under review), shown instead of the form.' },
        },
        editing: {
          meta: { description: 'The member picks a product with licenses left and types the broker account, server and a comment.' },
          on: {
            'field.change': {
              guard: 'isOffered',
              actions: assign({
                values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
                fieldErrors: ({ context, event }) => {
                  const { [event.field]: _changed, ...rest } = context.fieldErrors;
                  return rest;
                },
                created: null,
              }),
            },
            'request.submit': [
              {
                guard: 'isValid',
                target: 'sending',
                actions: [assign({ fieldErrors: {}, error: null, created: null }), 'beginAttempt'],
                meta: { description: 'Member sends the request' },
              },
              {
                actions: assign({ fieldErrors: ({ context }) => formErrorsOf(context), created: null }),
                meta: { description: 'A field breaks a rule: its message shows beside it.' },
              },
            ],
          },
        },
        sending: {
          meta: { description: 'The request is being made (once per attempt); the form stays as typed.' },
          tags: ['busy'],
          invoke: {
            id: 'createRequest',
            src: 'createRequest',
            input: ({ context }) => ({ ...requestOf(context.values, context.overview!.products), idempotencyKey: context.idempotencyKey! }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'refreshing',
                actions: [
                  assign(({ context, event }) => {
                    const created = valueOf(event.output);
                    const overview = withCreated(context.overview!, created);
                    return {
                      created,
                      overview,
                      values: { ...blankLicenseValues, productId: defaultProductId(overview.products) },
                      idempotencyKey: null,
                      attemptOf: null,
                    };
                  }),
                ],
                meta: { description: 'Request made: it joins the list as pending and the form starts again.' },
              },
              {
                target: 'refreshing',
                actions: ['assignError', 'notifyFailure'],
                meta: { description: 'Refused (no products, no licenses left meanwhile): the notifier says why; the page loads again.' },
              },
            ],
            // Unknown whether it was made: sending the same values again uses the same key, so it is made once at most.
            onError: {
              target: 'editing',
              actions: ['assignError', assign({ fieldErrors: ({ event }) => serverFieldErrors(errorOf(event)) }), 'notifyFailure'],
              meta: { description: 'Call failed, or the server named fields: the notifier or the fields say why; the values stay.' },
            },
          },
        },
        refreshing: {
          meta: { description: 'The requests and the stock load again.' },
          tags: ['busy'],
          invoke: {
            id: 'loadOverview',
            src: 'loadOverview',
            onDone: { target: 'deciding', actions: 'assignOverview', meta: { description: 'Licenses loaded again' } },
            onError: { target: 'deciding', actions: 'notifyFailure', meta: { description: 'Reloading failed: the notifier says why; the list shown stays.' } },
          },
        },
      },
    },
  },
});
