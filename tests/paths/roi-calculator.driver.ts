// The ROI calculator: the model's paths on the real /calculator as the demo member, with the Demo Portal's
// plans. Nothing is called; after every step the page shows the estimate the server's rule gives for what is
// typed (the selectors' own), or asks for what is missing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { selectEstimate } from '../../machines/investments/roi-calculator.selectors';
import { roiCalculatorModel } from '../models/roi-calculator.model';
import type { MachineDriver, PathContext } from './driver';
import { signInFor } from './support';

const figures = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Your figures' });
const fieldLabels: Record<string, string> = {
  ratePercent: 'Rate per period, %',
  periodDays: 'Days per period',
  periods: 'Periods',
  penaltyPercent: 'Early-stop penalty, %',
};

async function choosePlan(ctx: PathContext, name: string) {
  await figures(ctx).getByRole('combobox', { name: 'Plan' }).click();
  await ctx.page.getByRole('option', { name }).click();
}

export const roiCalculatorDriver: MachineDriver = {
  name: 'roi-calculator',
  model: roiCalculatorModel,
  operations: {},
  async prepare(ctx) {
    await signInFor(ctx, 'demo');
  },
  async open(ctx) {
    await ctx.page.goto('/calculator');
    await expect(figures(ctx)).toBeVisible();
  },
  gestures: {
    'amount.change': (ctx, event: { value: string }) => figures(ctx).getByRole('textbox', { name: 'Amount' }).fill(event.value),
    'plan.select': (ctx, event: { plan: { name: string } }) => choosePlan(ctx, event.plan.name),
    'plan.manual': (ctx) => choosePlan(ctx, 'My own terms'),
    'manual.change': (ctx, event: { field: string; value: string }) => figures(ctx).getByRole('textbox', { name: fieldLabels[event.field] }).fill(event.value),
    'compounding.change': (ctx, event: { compounding: boolean }) => figures(ctx).getByRole('checkbox', { name: 'Compounding' }).setChecked(event.compounding),
  },
  answers: {},
  delays: {},
  isPassing: () => false,
  screenName: (snapshot: AnyMachineSnapshot) => (selectEstimate(snapshot as never) ? 'estimating' : 'estimating-incomplete'),
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    await expect(figures(ctx).getByRole('textbox', { name: 'Amount' })).toHaveValue(context.amount, now);
    const estimate = selectEstimate(snapshot as never);
    if (!estimate) {
      await expect(ctx.page.getByRole('status').filter({ hasText: 'to see the estimate' })).toBeVisible(now);
      return;
    }
    await expect(ctx.page.getByTestId('estimate-final')).toContainText(estimate.finalAmount.replace(/\B(?=(\d{3})+(?!\d))/g, ','), now);
    await expect(ctx.page.getByTestId('estimate-profit')).toContainText(estimate.totalProfit, now);
    await expect(ctx.page.getByRole('table', { name: 'Schedule per period' }).getByRole('row')).toHaveCount(estimate.rows.length + 1, now);
    await expect(ctx.page.getByRole('link', { name: 'Activate' })).toHaveCount(estimate.planId ? 1 : 0, now);
    // The chart's code loads with the first estimate.
    await expect(ctx.page.getByRole('img', { name: /^The schedule as a chart/ }).locator('.recharts-surface')).toBeVisible(now);
  },
};
