// The investment plans page (/investments; spec §1 investment plans, §4 "Investment plan"; issue 27): the
// tenant's plans and the member's own are loaded together; a failed load says so and offers a retry. The
// page owns its two dialogs as children: Activate (an amount within a plan's bounds, confirmed, from the
// balance) and Stop early (the quote before agreeing). Each tells the page when it moved money, and the lists
// are loaded again. The member's plans are listed by status: active, or finished (stopped early among them).
// A plan and amount brought from the calculator open the Activate dialog with them at once.
import { assign, sendParent, setup, type EventObject, type MachineContext } from 'xstate';
import { errorOf } from '../../domain/app-error';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { investActivateMachine } from './invest-activate.machine';
import { investStopMachine } from './invest-stop.machine';
import type { InvestActivateContext, InvestActivateEvent } from './invest-activate.types';
import type { InvestStopContext, InvestStopEvent } from './invest-stop.types';
import type { InvestPlansContext, InvestPlansEvent, InvestPlansInput, InvestPlansLoaded } from './invest-plans.types';

/** What the page's dialogs do once they moved money: the page loads its lists again. */
export const announcePlansChanged = <TContext extends MachineContext, TEvent extends EventObject>() =>
  sendParent<TContext, TEvent, unknown, InvestPlansEvent, TEvent>({ type: 'plans.changed' });

export const investPlansMachine = setup({
  types: {
    context: {} as InvestPlansContext,
    events: {} as InvestPlansEvent,
    input: {} as InvestPlansInput,
    children: {} as { activate: 'activate'; stop: 'stop' },
  },
  actors: {
    /** moduleInvestPlans and moduleInvestMyPlans (every status), together. */
    loadPlans: notProvidedActor<InvestPlansLoaded>('loadPlans'),
    /** The Activate dialog (provided with its calls by the app). */
    activate: investActivateMachine.provide({ actions: { plansChanged: announcePlansChanged<InvestActivateContext, InvestActivateEvent>() } }),
    /** The Stop early dialog (provided with its calls by the app). */
    stop: investStopMachine.provide({ actions: { plansChanged: announcePlansChanged<InvestStopContext, InvestStopEvent>() } }),
  },
  actions: {
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** Money moved: the member's balances (header, wallet) are fetched again. */
    refreshBalances: notProvidedAction('refreshBalances'),
    assignLoaded: assign(({ event }) => {
      const { plans, myPlans } = (event as unknown as { output: InvestPlansLoaded }).output;
      return { plans, myPlans, error: null };
    }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
  },
}).createMachine({
  id: 'investPlans',
  context: ({ input }) => ({ keyPrefix: input.keyPrefix, prefill: input.prefill, plans: [], myPlans: [], filter: 'active', error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: "The tenant's plans and the member's plans are loading (skeletons)." },
      tags: ['busy'],
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        onDone: { target: 'ready', actions: 'assignLoaded', meta: { description: 'Plans loaded' } },
        onError: { target: 'loadFailed', actions: ['assignError', 'notifyFailure'], meta: { description: 'Loading failed: the notifier says why.' } },
      },
    },
    loadFailed: {
      meta: { description: 'The plans could not be loaded; the page offers Try again.' },
      on: { retry: { target: 'loading', actions: assign({ error: null }), meta: { description: 'Member retries' } } },
    },
    ready: {
      meta: { description: "The tenant's plans as cards, each with Activate, and the member's plans by status." },
      invoke: [
        {
          id: 'activate',
          src: 'activate',
          input: ({ context }) => {
            const plan = context.plans.find((entry) => entry.id === context.prefill?.planId);
            return { keyPrefix: `${context.keyPrefix}:activate`, prefill: plan && context.prefill ? { plan, amount: context.prefill.amount } : null };
          },
        },
        { id: 'stop', src: 'stop', input: ({ context }) => ({ keyPrefix: `${context.keyPrefix}:stop` }) },
      ],
      on: {
        'filter.change': { actions: assign({ filter: ({ event }) => event.status }) },
      },
      initial: 'idle',
      states: {
        idle: {
          meta: { description: 'The lists are as last loaded.' },
          on: { 'plans.changed': { target: 'refreshing', actions: 'refreshBalances', meta: { description: 'A dialog moved money: the lists are loaded again.' } } },
        },
        refreshing: {
          meta: { description: 'The lists are loading again after an activation or a stop; the ones shown stay.' },
          tags: ['refreshing'],
          on: { 'plans.changed': { target: 'refreshing', reenter: true, actions: 'refreshBalances', meta: { description: 'Moved money again: loaded afresh.' } } },
          invoke: {
            id: 'loadPlans',
            src: 'loadPlans',
            onDone: { target: 'idle', actions: 'assignLoaded', meta: { description: 'Plans loaded again' } },
            onError: { target: 'idle', actions: ['assignError', 'notifyFailure'], meta: { description: 'Reloading failed: the lists stay, the notifier says why.' } },
          },
        },
      },
    },
  },
});
