// @vitest-environment jsdom
// Stopping a plan early: the flow's model paths, walked through the real investments page, where the Stop
// early dialog runs as a child of the page's flow: the member's active Starter (100 USDT) offers Stop early;
// the dialog asks for the quote (payout 88.80, penalty 11.20, 112.00 at the term) before the member agrees,
// a failed quote offers Try again, a plan that finished meanwhile says nothing was stopped, and a stop made
// says what went to the balance.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InvestStopEvent } from '../../machines/investments/invest-stop.types';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { investStopModel } from '../models/invest-stop.model';
import { pageLogic, renderInvestmentsPage } from './investments-walk-support';

const dialog = () => screen.getByRole('dialog', { name: 'Stop Starter early?' });
const activeStarterCard = () => within(screen.getByRole('region', { name: 'My plans' })).getByRole('article', { name: 'Starter · $100.00' });

const gestures = {
  'dialog.open': async (user) => user.click(within(activeStarterCard()).getByRole('button', { name: 'Stop early' })),
  retry: async (user) => user.click(within(dialog()).getByRole('button', { name: 'Try again' })),
  'stop.confirm': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Stop the plan' })),
  // Keep the plan (or Cancel) where the dialog offers it and it is enabled, else its close button.
  'dialog.close': async (user) => {
    const keep = within(dialog()).queryByRole('button', { name: /^(Keep the plan|Cancel)$/ });
    await user.click(keep && !keep.hasAttribute('disabled') ? keep : within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);
  },
} satisfies { [K in InvestStopEvent['type']]: Gesture<Extract<InvestStopEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  if (snapshot.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(activeStarterCard()).getByRole('button', { name: 'Stop early' })).toBeEnabled();
    return;
  }
  if (snapshot.matches({ open: 'quoting' })) {
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Working out what stopping now pays…');
    expect(within(dialog()).queryByRole('button', { name: 'Stop the plan' })).toBeNull();
    return;
  }
  if (snapshot.matches({ open: 'quoteFailed' })) {
    // The call's own message is the notifier's; the dialog says what failed and offers the retry.
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('What stopping now pays could not be worked out.');
    expect(within(dialog()).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(within(dialog()).queryByRole('button', { name: 'Stop the plan' })).toBeNull();
    return;
  }
  if (snapshot.matches({ open: 'finished' })) {
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Nothing was stopped. The list shows how the plan ended.');
    expect(within(dialog()).queryByRole('button', { name: 'Stop the plan' })).toBeNull();
    return;
  }
  if (snapshot.matches({ open: 'stopped' })) {
    expect(within(dialog()).getByRole('status')).toHaveTextContent('The plan is stopped: $88.80 went to your balance, the penalty was $11.20.');
    expect(within(dialog()).queryByRole('button', { name: 'Stop the plan' })).toBeNull();
    return;
  }
  // Reviewing, and the stop under way: what the member gets now, gives up and would have had at the term.
  const table = within(dialog()).getByRole('table', { name: 'What stopping now means' });
  expect(within(table).getByTestId('stop-payout')).toHaveTextContent('$88.80');
  expect(within(table).getByTestId('stop-penalty')).toHaveTextContent('$11.20');
  expect(within(table).getByTestId('stop-final')).toHaveTextContent('$112.00');
  const confirm = within(dialog()).getByRole('button', { name: 'Stop the plan' });
  const keep = within(dialog()).getByRole('button', { name: 'Keep the plan' });
  if (snapshot.hasTag('busy')) {
    expect(confirm).toHaveAttribute('data-loading', 'true');
    expect(keep).toBeDisabled();
  } else {
    expect(confirm).toBeEnabled();
    expect(keep).toBeEnabled();
  }
  // A failed stop is the notifier's to say; Stop the plan tries again.
  expect(within(dialog()).queryByRole('alert')).toBeNull();
}

describe('investments page: Stop early dialog', () => {
  for (const modelPath of modelPaths(investStopModel)) {
    it(modelPath.title, async () => {
      const fakes = await walkPath(modelPath, {
        machine: investStopModel.machine,
        gestures,
        expectScreen,
        render: (logic, _input, clock) => {
          // The page gives the dialog its input (its key prefix).
          const page = renderInvestmentsPage(pageLogic({ stop: logic }), { keyPrefix: 'invest-1', prefill: null }, clock);
          return { snapshot: () => page().getSnapshot().children.stop.getSnapshot() };
        },
      });
      // A stop made, or a plan found finished, tells the page (its lists load again); every failure goes to the notifier.
      const answers = modelPath.path.steps.map((step) => step.event as { type: string; output?: { ok: boolean } });
      const called = (name: string) => fakes.actionCalls.filter((call) => call.name === name).length;
      expect(called('plansChanged')).toBe(
        answers.filter((event) => event.type === 'xstate.done.actor.stopPlan' || (event.type === 'xstate.done.actor.quoteStop' && event.output?.ok === false)).length,
      );
      expect(called('notifyFailure')).toBe(answers.filter((event) => event.output?.ok === false || event.type.startsWith('xstate.error.')).length);
      // The quote and the stop are asked for the plan chosen; the stop under a key of the page's.
      for (const call of fakes.actorInputs.quoteStop ?? []) expect(call).toEqual({ id: '11' });
      for (const call of fakes.actorInputs.stopPlan ?? []) expect(call).toEqual({ id: '11', idempotencyKey: expect.stringMatching(/^invest-1:stop:\d+$/) });
    });
  }
});
