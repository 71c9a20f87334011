// @vitest-environment jsdom
// The investments page's model paths, walked through the real page: the lists loading (skeletons), a failed
// load with Try again, the tenant's plans as cards with their terms, the member's plans by status (the active
// Starter with its three figures, the one stopped early with its penalty), and the lists loaded again after the
// Activate dialog moved money.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { announcePlansChanged } from '../../machines/investments/invest-plans.machine';
import { investActivateMachine } from '../../machines/investments/invest-activate.machine';
import type { ActivateOutcome, ActivateRequest, InvestActivateContext, InvestActivateEvent } from '../../machines/investments/invest-activate.types';
import type { InvestPlansEvent, InvestPlansInput } from '../../machines/investments/invest-plans.types';
import { modelPaths } from '../support/model';
import { success } from '../support/fixtures';
import { walkPath, type Gesture } from '../support/walk';
import { investPlansModel } from '../models/invest-plans.model';
import { activeStarter } from '../models/investments-fixtures';
import { renderInvestmentsPage } from './investments-walk-support';

const plansRegion = () => screen.getByRole('region', { name: 'Plans' });
const myPlansRegion = () => screen.getByRole('region', { name: 'My plans' });
const planCard = (name: string) => within(plansRegion()).getByRole('article', { name });
const filterLabels = { active: 'Active', finished: 'Finished' } as const;

/** The Activate dialog with an activation that goes through at once: it tells the page money moved. */
const instantActivate = investActivateMachine.provide({
  actors: { activatePlan: fromPromise<ActivateOutcome, ActivateRequest>(async () => success(activeStarter)) },
  actions: { notifyFailure: () => {}, plansChanged: announcePlansChanged<InvestActivateContext, InvestActivateEvent>() },
});

const gestures = {
  retry: async (user) => user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })),
  // Choosing the status already shown changes nothing, as the event then changes nothing.
  'filter.change': async (user, event) => user.click(within(myPlansRegion()).getByRole('radio', { name: filterLabels[event.status] })),
  // Money moves through a dialog: the member activates Starter with 100 USDT and closes the dialog.
  'plans.changed': async (user) => {
    await user.click(within(planCard('Starter')).getByRole('button', { name: 'Activate' }));
    const dialog = screen.getByRole('dialog', { name: 'Activate Starter' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount, USDT' }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    await within(dialog).findByText(/^Your plan Starter is active/);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
  },
} satisfies { [K in InvestPlansEvent['type']]: Gesture<Extract<InvestPlansEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('loading')) {
    expect(screen.getByRole('status', { name: 'Loading investment plans' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('article')).toBeNull();
    return;
  }
  if (snapshot.matches('loadFailed')) {
    // The call's own message is the notifier's; the page says what failed and offers the retry.
    expect(screen.getByRole('alert')).toHaveTextContent('The investment plans could not be loaded.');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByRole('article')).toBeNull();
    return;
  }
  // The tenant's plans with their terms, each with Activate.
  const starterCard = planCard('Starter');
  expect(starterCard).toHaveTextContent('2 % every 30 days');
  expect(starterCard).toHaveTextContent('Simple, paid out each period');
  expect(starterCard).toHaveTextContent('$100.00 – $10 000.00');
  expect(starterCard).toHaveTextContent('10 % of the final amount');
  const growthCard = planCard('Growth');
  expect(growthCard).toHaveTextContent('3 % every 30 days');
  expect(growthCard).toHaveTextContent('Compounding');
  expect(growthCard).toHaveTextContent('$500.00 – $50 000.00');
  for (const card of [starterCard, growthCard]) expect(within(card).getByRole('button', { name: 'Activate' })).toBeEnabled();
  // The member's plans of the chosen status; the lists shown stay while they load again.
  const myPlans = myPlansRegion();
  expect(myPlans).toHaveAttribute('aria-busy', String(snapshot.hasTag('refreshing')));
  for (const [status, label] of Object.entries(filterLabels)) {
    const radio = within(myPlans).getByRole('radio', { name: label });
    if (status === context.filter) expect(radio).toBeChecked();
    else expect(radio).not.toBeChecked();
  }
  const cards = within(myPlans).getAllByTestId('my-plan');
  expect(cards).toHaveLength(1);
  const card = cards[0]!;
  expect(card).toHaveAccessibleName('Starter · $100.00');
  if (context.filter === 'active') {
    expect(card).toHaveTextContent('Active');
    expect(within(card).getByTestId('figure-stop-now')).toHaveTextContent('$88.80');
    expect(within(card).getByTestId('figure-at-term')).toHaveTextContent('$112.00');
    expect(within(card).getByTestId('figure-received')).toHaveTextContent('$2.00');
    expect(within(card).getByRole('button', { name: 'Stop early' })).toBeEnabled();
    expect(within(card).queryByTestId('figure-penalty')).toBeNull();
  } else {
    expect(card).toHaveTextContent('Stopped early');
    expect(within(card).getByTestId('figure-penalty')).toHaveTextContent('$11.20');
    expect(card).toHaveTextContent('Paid out$90.80');
    expect(within(card).queryByTestId('figure-stop-now')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Stop early' })).toBeNull();
  }
  // A failed reload is the notifier's to say: the lists stay as they were.
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe('investments page', () => {
  for (const modelPath of modelPaths(investPlansModel)) {
    it(modelPath.title, async () => {
      const fakes = await walkPath(modelPath, {
        machine: investPlansModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => {
          const page = renderInvestmentsPage(logic.provide({ actors: { activate: instantActivate } }), input as InvestPlansInput, clock);
          return { snapshot: () => page().getSnapshot() };
        },
      });
      // Each time money moved the balances are fetched again; each failed load goes to the notifier.
      const events = modelPath.path.steps.map((step) => step.event.type);
      const called = (name: string) => fakes.actionCalls.filter((call) => call.name === name).length;
      expect(called('refreshBalances')).toBe(events.filter((type) => type === 'plans.changed').length);
      expect(called('notifyFailure')).toBe(events.filter((type) => type === 'xstate.error.actor.loadPlans').length);
    });
  }
});
