import { investPlansMachine } from '../../machines/investments/invest-plans.machine';
import type { InvestPlansEvent, InvestPlansLoaded } from '../../machines/investments/invest-plans.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { activeStarter, growth, starter, stoppedStarter } from './investments-fixtures';

export const investPlansFixtures = {
  retry: [{ type: 'retry' }],
  'filter.change': [
    { type: 'filter.change', status: 'finished' },
    { type: 'filter.change', status: 'active' },
  ],
  // Sent by the page's dialogs once they moved money (their own paths are their models).
  'plans.changed': [{ type: 'plans.changed' }],
  'xstate.done.actor.loadPlans': [{ type: 'xstate.done.actor.loadPlans', output: { plans: [starter, growth], myPlans: [activeStarter, stoppedStarter] } }],
  'xstate.error.actor.loadPlans': [{ type: 'xstate.error.actor.loadPlans', error: networkError }],
} satisfies { [K in InvestPlansEvent['type']]: Extract<InvestPlansEvent, { type: K }>[] } & {
  'xstate.done.actor.loadPlans': DoneEvent<'loadPlans', InvestPlansLoaded>[];
  'xstate.error.actor.loadPlans': ErrorEvent<'loadPlans'>[];
};

export const investPlansModel: Model<typeof investPlansMachine> = {
  machine: investPlansMachine,
  inputs: [{ label: 'the investments page', input: { keyPrefix: 'invest-1', prefill: null } }],
  events: flattenFixtures(investPlansFixtures),
  cover: 'transitions',
  contextKeys: ['filter', 'error'],
};
