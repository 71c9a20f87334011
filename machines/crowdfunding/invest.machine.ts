// Investing in a crowdfunding project (issue 28; spec §1 crowdfunding, §5 numeric rules, §6 "tariff limits
// crowdfunding investment"; calls §8 "Fundraising finished, so no investing."): the project page's flow. It loads
// the project, the member's holdings in it and the balance of its currency. A project that takes no more money
// says so; a member whose tariff leaves them nothing to invest here is shown which tariffs do. Otherwise the
// member types an amount (at least the minimum, at most what their tariff still allows, what is left of the goal
// and their balance: the server's figures, never recomputed here), checks what they will receive and when, and
// confirms; the amount comes off the balance in one transaction on the server. Each attempt carries an
// idempotency key made once: a call that failed is retried with the same key, so the money moves at most once.
// A refusal by name (finished meanwhile, the cap, the goal, the balance) reloads the figures and the notifier
// says why; nothing typed is lost.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { investAmountProblem, investBounds } from '../../domain/crowdfunding';
import { compare, isTypeableAmountInput, sentAmountInput } from '../../domain/money';
import { clockNow } from '../shared/clock';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { attemptKey } from './crowdfunding.types';
import type { InvestContext, InvestEvent, InvestInput, InvestOutcome, InvestRequest, ProjectPage } from './invest.types';

const loadedOf = (event: unknown) => (event as { output: ProjectPage }).output;

/** The typed amount's problem against the page's figures (null: it may be invested). */
export function amountProblemOf(context: Pick<InvestContext, 'amount' | 'page'>) {
  const project = context.page?.project;
  if (!project) return 'required' as const;
  return investAmountProblem(sentAmountInput(context.amount), {
    minInvestment: project.minInvestment,
    available: project.available,
    viewerCap: project.viewerCap ?? '0',
    balance: context.page!.balance,
  });
}

export const investMachine = setup({
  types: {
    context: {} as InvestContext,
    events: {} as InvestEvent,
    input: {} as InvestInput,
  },
  actors: {
    /** moduleCrowdfundingProject, the member's holdings in it (moduleCrowdfundingBriefcase) and the balance. */
    loadPage: notProvidedActor<ProjectPage, { projectId: string }>('loadPage'),
    /** moduleCrowdfundingInvest: the amount off the balance into the project, once per idempotency key. */
    invest: notProvidedActor<InvestOutcome, InvestRequest>('invest'),
  },
  actions: {
    /** Money moved: the balances (header, wallet) and the briefcase are fetched again. */
    refreshBalances: notProvidedAction('refreshBalances'),
    /** A failed call's message goes to the notifier (calls §8); an amount refused here stays beside its field. */
    notifyFailure: notProvidedAction('notifyFailure'),
    assignPage: assign({ page: ({ event }) => loadedOf(event) }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** A new attempt unless the same amount is confirmed again with its key not yet spent. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null && context.attemptOf === sentAmountInput(context.amount)
        ? {}
        : { attempt: context.attempt + 1, idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1), attemptOf: sentAmountInput(context.amount) },
    ),
  },
  guards: {
    isMissing: ({ event }) => loadedOf(event).project === null,
    /** Calls §8: finished, past its end (the server says finished), or nothing left of the goal. */
    isClosed: ({ context }) => {
      const project = context.page?.project;
      return !project || project.status !== 'active' || compare(project.available, '0') <= 0;
    },
    /** The member's tariff leaves less than the least they could invest here. */
    isCapped: ({ context }) => {
      const project = context.page?.project;
      if (!project) return false;
      const viewerCap = project.viewerCap ?? '0';
      return compare(viewerCap, '0') <= 0 || compare(viewerCap, investBounds({ minInvestment: project.minInvestment, available: project.available, viewerCap }).min) < 0;
    },
    isTypeable: ({ event }) => event.type === 'amount.change' && isTypeableAmountInput(event.value),
    isAmountValid: ({ context }) => amountProblemOf(context) === null,
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'crowdfundingInvest',
  context: ({ input }) => ({
    projectId: input.projectId,
    keyPrefix: input.keyPrefix,
    page: null,
    amount: '',
    amountError: null,
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    invested: null,
    confirmingSince: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'The project, the member’s holdings in it and their balance are loading.' },
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: [
          { guard: 'isMissing', target: 'missing', meta: { description: 'This portal has no such project.' } },
          { target: 'ready', actions: 'assignPage', meta: { description: 'Project loaded' } },
        ],
        onError: { target: 'loadFailed', actions: 'assignError', meta: { description: 'Loading failed: the page says so with Try again.' } },
      },
    },
    loadFailed: {
      meta: { description: 'The project could not be loaded: its message and Try again.' },
      on: { 'load.retry': { target: 'loading', actions: assign({ error: null }), meta: { description: 'Member retries' } } },
    },
    missing: {
      meta: { description: 'No such project here: the page says so and leads to the projects.' },
      type: 'final',
    },
    ready: {
      meta: { description: 'The project: gallery, description, documents, figures and the member’s own holding.' },
      initial: 'deciding',
      states: {
        deciding: {
          meta: { description: 'Whether the member can invest in the project now.' },
          always: [
            { guard: 'isClosed', target: 'closed', meta: { description: 'The project takes no more money.' } },
            { guard: 'isCapped', target: 'capped', meta: { description: 'The member’s tariff leaves nothing to invest here.' } },
            { target: 'editing', meta: { description: 'The member can invest' } },
          ],
        },
        closed: {
          meta: { description: '“Fundraising finished, so no investing.” (and, for a project that missed its goal, that every holding was refunded).' },
        },
        capped: {
          meta: { description: 'The member’s tariff allows no more here: which tariffs allow what, with a link to Tariffs.' },
        },
        editing: {
          meta: { description: 'The member types the amount; the least, the most (and why) and the balance are shown.' },
          on: {
            'amount.change': { guard: 'isTypeable', actions: assign({ amount: ({ event }) => event.value, amountError: null }) },
            'invest.submit': [
              {
                guard: 'isAmountValid',
                target: 'confirming',
                actions: assign({ amountError: null, error: null }),
                meta: { description: 'Member continues' },
              },
              {
                actions: assign({ amountError: ({ context }) => amountProblemOf(context) }),
                meta: { description: 'The amount is missing, under the minimum, or over the cap, the goal or the balance: the message names the bound.' },
              },
            ],
          },
        },
        confirming: {
          meta: { description: 'What the member invests, what they will receive and when; they confirm.' },
          entry: assign({ confirmingSince: ({ self }) => clockNow(self) }),
          on: {
            'invest.back': { target: 'editing', meta: { description: 'Member changes the amount' } },
            'invest.confirm': { target: 'investing', actions: [assign({ error: null }), 'beginAttempt'], meta: { description: 'Member confirms' } },
          },
        },
        investing: {
          meta: { description: 'The amount comes off the balance into the project (once per attempt).' },
          tags: ['busy'],
          invoke: {
            id: 'invest',
            src: 'invest',
            input: ({ context }) => ({ projectId: context.projectId, amount: sentAmountInput(context.amount), idempotencyKey: context.idempotencyKey! }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'invested',
                actions: [assign({ invested: ({ event }) => valueOf(event.output), idempotencyKey: null, attemptOf: null }), 'refreshBalances'],
                meta: { description: 'Invested' },
              },
              {
                target: 'refreshing',
                actions: ['assignError', 'notifyFailure'],
                meta: { description: 'Refused (finished meanwhile, the cap, the goal, the balance): the notifier says why; the figures load again.' },
              },
            ],
            // Unknown whether it was made: Confirm again sends the same key, so the money moves once at most.
            onError: { target: 'confirming', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
          },
        },
        refreshing: {
          meta: { description: 'The project’s figures and the balance load again; the amount stays.' },
          tags: ['busy'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: [
              { guard: 'isMissing', target: '#crowdfundingInvest.missing', meta: { description: 'The project is gone.' } },
              { target: 'deciding', actions: 'assignPage', meta: { description: 'Figures loaded again' } },
            ],
            onError: { target: 'editing', actions: ['assignError', 'notifyFailure'], meta: { description: 'Reloading failed: the notifier says why; the figures shown stay.' } },
          },
        },
        invested: {
          meta: { description: 'The holding is made: its amount and first payout.' },
          initial: 'reloading',
          states: {
            reloading: {
              meta: { description: 'The project’s figures, the holdings and the balance load again.' },
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => ({ projectId: context.projectId }),
                onDone: [
                  { guard: 'isMissing', target: '#crowdfundingInvest.missing', meta: { description: 'The project is gone.' } },
                  { target: 'shown', actions: 'assignPage', meta: { description: 'Figures loaded again' } },
                ],
                onError: { target: 'shown', actions: 'notifyFailure', meta: { description: 'Reloading failed: the notifier says why; the figures shown stay.' } },
              },
            },
            shown: {
              meta: { description: 'The holding and the figures as they are now.' },
            },
          },
          on: {
            'invest.again': {
              target: 'deciding',
              actions: assign({ amount: '', amountError: null, invested: null, error: null }),
              meta: { description: 'Member invests more' },
            },
          },
        },
      },
    },
  },
});
