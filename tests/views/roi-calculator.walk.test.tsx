// @vitest-environment jsdom
// The ROI calculator: the flow's model paths, walked through the real /calculator with the tenant's plans: the
// amount, a plan (Starter 100 → profit 12.00, final 112.00, penalty 11.20, with Activate) or the terms typed
// by hand, and after every step the estimate the server's rule gives (or what is still missing).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { defaultParseSearch } from '@tanstack/react-router';
import type { RoiCalculatorEvent } from '../../machines/investments/roi-calculator.types';
import { selectEstimate } from '../../machines/investments/roi-calculator.selectors';
import { CalculatorView } from '../../src/features/investments/calculator-view';
import { RoiCalculatorContext } from '../../src/features/investments/investments.contexts';
import { formatAmount, formatMoney } from '../../src/lib/format';
import { modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { roiCalculatorModel } from '../models/roi-calculator.model';
import { investmentsQueryClient, investmentsTenant, retype } from './investments-walk-support';

const figures = () => screen.getByRole('region', { name: 'Your figures' });
const textField = (label: string) => within(figures()).getByRole('textbox', { name: label }) as HTMLInputElement;
const planField = () => within(figures()).getByRole('combobox', { name: 'Plan' }) as HTMLInputElement;
const compounding = () => within(figures()).getByRole('checkbox', { name: 'Compounding' }) as HTMLInputElement;
const manualLabels = { ratePercent: 'Rate per period, %', periodDays: 'Days per period', periods: 'Periods', penaltyPercent: 'Early-stop penalty, %' } as const;
const ownTerms = 'My own terms';

async function choosePlan(user: Parameters<Gesture>[0], name: string) {
  await user.click(planField());
  await user.click(screen.getByRole('option', { name }));
}

const gestures = {
  'amount.change': async (user, event) => retype(user, textField('Amount'), event.value),
  // Choosing what is already chosen: the member picks it anew (the list only tells of a change).
  'plan.select': async (user, event) => {
    if (planField().value === event.plan.name) await choosePlan(user, ownTerms);
    await choosePlan(user, event.plan.name);
  },
  'plan.manual': async (user) => {
    if (planField().value === ownTerms) await choosePlan(user, 'Starter');
    await choosePlan(user, ownTerms);
  },
  'manual.change': async (user, event) => retype(user, textField(manualLabels[event.field]), event.value),
  // Ticked as asked; already so, the member unticks and ticks it again.
  'compounding.change': async (user, event) => {
    if (compounding().checked === event.compounding) await user.click(compounding());
    await user.click(compounding());
  },
} satisfies { [K in RoiCalculatorEvent['type']]: Gesture<Extract<RoiCalculatorEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  expect(textField('Amount')).toHaveValue(context.amount);
  expect(planField()).toHaveValue(context.plan?.name ?? ownTerms);
  if (context.plan) {
    for (const label of Object.values(manualLabels)) expect(within(figures()).queryByRole('textbox', { name: label })).toBeNull();
  } else {
    for (const [field, label] of Object.entries(manualLabels)) expect(textField(label)).toHaveValue(context.manual[field]);
    if (context.manual.compounding) expect(compounding()).toBeChecked();
    else expect(compounding()).not.toBeChecked();
  }
  const estimate = selectEstimate(snapshot);
  if (!estimate) {
    expect(screen.getByRole('status')).toHaveTextContent('Enter an amount and choose a plan (or type its terms) to see the estimate.');
    expect(screen.queryByRole('region', { name: 'Estimate' })).toBeNull();
    return;
  }
  const region = within(screen.getByRole('region', { name: 'Estimate' }));
  expect(region.getByRole('note')).toHaveTextContent(/^This is an estimate/);
  // A plan's figures are in its currency; terms typed by hand have none.
  const money = (amount: string) => (estimate.currency ? formatMoney(amount, estimate.currency) : formatAmount(amount));
  expect(region.getByTestId('estimate-profit')).toHaveTextContent(money(estimate.totalProfit));
  expect(region.getByTestId('estimate-final')).toHaveTextContent(money(estimate.finalAmount));
  expect(region.getByTestId('estimate-penalty')).toHaveTextContent(money(estimate.penalty));
  if (context.plan?.name === 'Starter' && context.amount === '100') {
    expect(region.getByTestId('estimate-profit')).toHaveTextContent('$12.00');
    expect(region.getByTestId('estimate-final')).toHaveTextContent('$112.00');
    expect(region.getByTestId('estimate-penalty')).toHaveTextContent('$11.20');
  }
  // Every period's row, with what stopping right after it pays.
  const rows = within(region.getByRole('table', { name: 'Schedule per period' })).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(estimate.rows.length);
  estimate.rows.forEach((row, index) => {
    expect(rows[index]).toHaveTextContent(`${index === 0 ? 'Start' : row.periodsDone}${money(row.profit)}${money(row.accrued)}${money(row.paidOut)}${money(row.stopPayout)}`);
  });
  // A tenant's plan leads to the investments page with the plan and amount filled in.
  const activate = region.queryByRole('link', { name: 'Activate' });
  if (estimate.planId) {
    const href = new URL(activate!.getAttribute('href')!, 'https://portal.test');
    expect(href.pathname).toBe('/investments');
    expect(defaultParseSearch(href.search)).toEqual({ plan: estimate.planId, amount: estimate.amount });
  } else expect(activate).toBeNull();
}

describe('ROI calculator', () => {
  for (const modelPath of modelPaths(roiCalculatorModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: roiCalculatorModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => {
          let actor: any;
          function CaptureActor() {
            actor = RoiCalculatorContext.useActorRef();
            return null;
          }
          renderView(
            <RoiCalculatorContext.Provider logic={logic} options={{ input: input as never, clock }}>
              <CaptureActor />
              <CalculatorView />
            </RoiCalculatorContext.Provider>,
            { tenant: investmentsTenant, queryClient: investmentsQueryClient() },
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
