// @vitest-environment jsdom
// Activating a plan: the flow's model paths, walked through the real investments page, where the Activate
// dialog runs as a child of the page's flow: Starter's Activate (or the calculator's plan and amount, which
// open the dialog at once), the amount within the plan's bounds, the confirmation with what the plan pays at
// its term (Starter 100 → 112.00), and the plan made.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InvestActivateEvent, InvestActivateInput } from '../../machines/investments/invest-activate.types';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { investActivateModel } from '../models/invest-activate.model';
import { pageLogic, renderInvestmentsPage, retype } from './investments-walk-support';

const dialog = () => screen.getByRole('dialog', { name: 'Activate Starter' });
const starterCard = () => within(screen.getByRole('region', { name: 'Plans' })).getByRole('article', { name: 'Starter' });
const amountField = () => within(dialog()).getByRole('textbox', { name: 'Amount, USDT' }) as HTMLInputElement;
const amountMessages = {
  required: 'Enter the amount to invest.',
  min: 'The minimum for this plan is $100.00.',
  max: 'The maximum for this plan is $10 000.00.',
} as const;

const gestures = {
  'dialog.open': async (user) => user.click(within(starterCard()).getByRole('button', { name: 'Activate' })),
  'amount.change': async (user, event) => retype(user, amountField(), event.value),
  'activate.submit': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Continue' })),
  'activate.back': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Back' })),
  'activate.confirm': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Confirm and invest' })),
  // Cancel where the dialog offers it, else its close button.
  'dialog.close': async (user) => {
    const cancel = within(dialog()).queryByRole('button', { name: 'Cancel' });
    await user.click(cancel ?? within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);
  },
} satisfies { [K in InvestActivateEvent['type']]: Gesture<Extract<InvestActivateEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(starterCard()).getByRole('button', { name: 'Activate' })).toBeEnabled();
    return;
  }
  // A refused or failed activation is the notifier's to say; the dialog keeps what was typed.
  expect(within(dialog()).queryByRole('alert')).toBeNull();
  if (snapshot.matches({ open: 'editing' })) {
    expect(amountField()).toHaveValue(context.amount);
    expect(dialog()).toHaveTextContent('From $100.00 to $10 000.00, from your balance.');
    for (const [error, message] of Object.entries(amountMessages)) {
      if (context.amountError === error) expect(amountField()).toHaveAccessibleDescription(expect.stringContaining(message));
      else expect(within(dialog()).queryByText(message)).toBeNull();
    }
    expect(within(dialog()).getByRole('button', { name: 'Continue' })).toBeEnabled();
    return;
  }
  if (snapshot.matches({ open: 'activated' })) {
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Your plan Starter is active: $100.00, until Apr 30, 2027.');
    expect(within(dialog()).queryByRole('button', { name: 'Confirm and invest' })).toBeNull();
    return;
  }
  // Confirming, and the call under way: what is invested and what the plan pays at its term.
  const table = within(dialog()).getByRole('table', { name: 'Your investment' });
  expect(within(table).getByTestId('activate-amount')).toHaveTextContent('$100.00');
  expect(within(table).getByTestId('activate-final')).toHaveTextContent('$112.00');
  expect(table).toHaveTextContent('6 periods of 30 days');
  const confirm = within(dialog()).getByRole('button', { name: 'Confirm and invest' });
  const back = within(dialog()).getByRole('button', { name: 'Back' });
  if (snapshot.hasTag('busy')) {
    expect(confirm).toHaveAttribute('data-loading', 'true');
    expect(back).toBeDisabled();
  } else {
    expect(confirm).toBeEnabled();
    expect(back).toBeEnabled();
  }
}

describe('investments page: Activate dialog', () => {
  for (const modelPath of modelPaths(investActivateModel)) {
    it(modelPath.title, async () => {
      const { prefill } = modelPath.input as InvestActivateInput;
      const fakes = await walkPath(modelPath, {
        machine: investActivateModel.machine,
        gestures,
        expectScreen,
        render: (logic, _input, clock) => {
          // The page gives the dialog its input: its key prefix, and the plan and amount the calculator brought.
          const page = renderInvestmentsPage(
            pageLogic({ activate: logic }),
            { keyPrefix: 'invest-1', prefill: prefill ? { planId: prefill.plan.id, amount: prefill.amount } : null },
            clock,
          );
          return { snapshot: () => page().getSnapshot().children.activate.getSnapshot() };
        },
      });
      // A plan made tells the page (its lists load again); a refusal or a failed call goes to the notifier.
      const answers = modelPath.path.steps.map((step) => step.event as { type: string; output?: { ok: boolean } });
      const called = (name: string) => fakes.actionCalls.filter((call) => call.name === name).length;
      expect(called('plansChanged')).toBe(answers.filter((event) => event.output?.ok === true).length);
      expect(called('notifyFailure')).toBe(answers.filter((event) => event.output?.ok === false || event.type.startsWith('xstate.error.')).length);
      // Every call activates Starter with the amount confirmed, under a key of the page's.
      for (const call of (fakes.actorInputs.activatePlan ?? []) as { planId: string; amount: string; idempotencyKey: string }[]) {
        expect(call).toEqual({ planId: '1', amount: '100', idempotencyKey: expect.stringMatching(/^invest-1:activate:\d+$/) });
      }
    });
  }
});
