// The investments area's flows with stubbed effects: the plans page with its Activate and Stop early dialogs,
// and the ROI calculator.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { announcePlansChanged, investPlansMachine } from '../../machines/investments/invest-plans.machine';
import { investActivateMachine } from '../../machines/investments/invest-activate.machine';
import { investStopMachine } from '../../machines/investments/invest-stop.machine';
import { roiCalculatorMachine } from '../../machines/investments/roi-calculator.machine';
import { selectEstimate } from '../../machines/investments/roi-calculator.selectors';
import { selectFilteredPlans } from '../../machines/investments/invest-plans.selectors';
import { selectFinalAmount } from '../../machines/investments/invest-activate.selectors';
import type { ActivateOutcome, ActivateRequest, InvestActivateContext, InvestActivateEvent } from '../../machines/investments/invest-activate.types';
import type { StopOutcome, StopQuoteOutcome } from '../../machines/investments/invest-stop.types';
import { failure, success } from '../support/fixtures';
import { activeStarter, growth, starter, stoppedStarter } from '../models/investments-fixtures';

const activateWith = (activatePlan: (input: ActivateRequest) => Promise<ActivateOutcome>, notifyFailure = vi.fn(), plansChanged = vi.fn()) =>
  createActor(
    investActivateMachine.provide({ actors: { activatePlan: fromPromise(({ input }) => activatePlan(input)) }, actions: { notifyFailure, plansChanged } }),
    { input: { keyPrefix: 'k', prefill: null } },
  ).start();

describe('activating a plan', () => {
  it('takes only digits and one decimal point without a leading zero, and holds the amount to the plan bounds', () => {
    const actor = activateWith(async () => success(activeStarter));
    actor.send({ type: 'dialog.open', plan: starter });
    for (const value of ['0100', '1a', '1.2.3', '1.234', '-5']) actor.send({ type: 'amount.change', value });
    expect(actor.getSnapshot().context.amount).toBe('');
    actor.send({ type: 'activate.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('required');
    actor.send({ type: 'amount.change', value: '99.99' });
    actor.send({ type: 'activate.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('min');
    actor.send({ type: 'amount.change', value: '10000.01' });
    actor.send({ type: 'activate.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('max');
    actor.send({ type: 'amount.change', value: '100.' });
    actor.send({ type: 'activate.submit' });
    expect(actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
    expect(selectFinalAmount(actor.getSnapshot())).toBe('112.00');
  });

  it('activates once with the confirmed amount, and tells the page its lists changed', async () => {
    const activate = vi.fn(async () => success(activeStarter));
    const plansChanged = vi.fn();
    const actor = activateWith(activate, vi.fn(), plansChanged);
    actor.send({ type: 'dialog.open', plan: starter, amount: '100' });
    actor.send({ type: 'activate.submit' });
    actor.send({ type: 'activate.confirm' });
    actor.send({ type: 'activate.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'activated' }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(activate).toHaveBeenCalledWith({ planId: '1', amount: '100', idempotencyKey: 'k:1' });
    expect(plansChanged).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.activated?.id).toBe('11');
  });

  it('retries a failed call with the same idempotency key, and makes a new key for another amount', async () => {
    const answers: ActivateOutcome[] = [];
    const activate = vi.fn(async (_input: ActivateRequest): Promise<ActivateOutcome> => {
      const next = answers.shift();
      if (!next) throw { code: 'network' };
      return next;
    });
    const notifyFailure = vi.fn();
    const actor = activateWith(activate, notifyFailure);
    actor.send({ type: 'dialog.open', plan: starter, amount: '100' });
    actor.send({ type: 'activate.submit' });
    actor.send({ type: 'activate.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'confirming' }) && s.context.error !== null);
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    answers.push(success(activeStarter));
    actor.send({ type: 'activate.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'activated' }));
    expect(activate.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['k:1', 'k:1']);
    // Another plan afterwards: a new attempt.
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', plan: starter, amount: '200' });
    actor.send({ type: 'activate.submit' });
    answers.push(success(activeStarter));
    actor.send({ type: 'activate.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'activated' }));
    expect(activate.mock.calls[2]![0].idempotencyKey).toBe('k:2');
  });

  it('keeps the typed amount when the balance is too small, tells the notifier, and moves nothing', async () => {
    const notifyFailure = vi.fn();
    const plansChanged = vi.fn();
    const actor = activateWith(
      async () => failure({ code: 'server', reason: 'InsufficientBalance', message: 'Insufficient balance for an invoice.' }),
      notifyFailure,
      plansChanged,
    );
    actor.send({ type: 'dialog.open', plan: starter, amount: '5000' });
    actor.send({ type: 'activate.submit' });
    actor.send({ type: 'activate.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'editing' }));
    expect(actor.getSnapshot().context).toMatchObject({ amount: '5000', error: { reason: 'InsufficientBalance' } });
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    expect(plansChanged).not.toHaveBeenCalled();
  });

  it("opens at once with the calculator's plan and amount", () => {
    const actor = createActor(investActivateMachine, { input: { keyPrefix: 'k', prefill: { plan: growth, amount: '750' } } }).start();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ plan: { id: '2' }, amount: '750', prefill: null });
  });
});

describe('stopping a plan early', () => {
  const quote = { finalAmount: '112.00', penalty: '11.20', payout: '88.80' };
  const stopWith = (quoteStop: () => Promise<StopQuoteOutcome>, stopPlan: (input: { id: string; idempotencyKey: string }) => Promise<StopOutcome>) => {
    const notifyFailure = vi.fn();
    const plansChanged = vi.fn();
    const actor = createActor(
      investStopMachine.provide({
        actors: { quoteStop: fromPromise(() => quoteStop()), stopPlan: fromPromise(({ input }) => stopPlan(input)) },
        actions: { notifyFailure, plansChanged },
      }),
      { input: { keyPrefix: 's' } },
    ).start();
    return { actor, notifyFailure, plansChanged };
  };
  const target = { id: '11', name: 'Starter', currency: 'USDT' };

  it('shows the quote before anything is stopped, then stops with one key and reports what the quote said', async () => {
    const stopPlan = vi.fn(async () => success(stoppedStarter));
    const { actor, plansChanged } = stopWith(async () => success(quote), stopPlan);
    actor.send({ type: 'dialog.open', target });
    await waitFor(actor, (s) => s.matches({ open: 'reviewing' }));
    expect(actor.getSnapshot().context.quote).toEqual(quote);
    expect(stopPlan).not.toHaveBeenCalled();
    actor.send({ type: 'stop.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'stopped' }));
    expect(stopPlan).toHaveBeenCalledWith({ id: '11', idempotencyKey: 's:1' });
    expect(actor.getSnapshot().context.stopped).toMatchObject({ stopPayout: quote.payout, penalty: quote.penalty });
    expect(plansChanged).toHaveBeenCalledTimes(1);
  });

  it('sends the same key again after a failed stop', async () => {
    let fail = true;
    const stopPlan = vi.fn(async (_input: { id: string; idempotencyKey: string }) => {
      if (fail) throw { code: 'network' };
      return success(stoppedStarter);
    });
    const { actor, notifyFailure } = stopWith(async () => success(quote), stopPlan);
    actor.send({ type: 'dialog.open', target });
    await waitFor(actor, (s) => s.matches({ open: 'reviewing' }));
    actor.send({ type: 'stop.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'reviewing' }) && s.context.error !== null);
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    fail = false;
    actor.send({ type: 'stop.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'stopped' }));
    expect(stopPlan.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['s:1', 's:1']);
  });

  it('offers a retry when the quote fails, and only closes when the plan has finished meanwhile', async () => {
    let answer: () => Promise<StopQuoteOutcome> = async () => Promise.reject({ code: 'network' });
    const { actor, notifyFailure, plansChanged } = stopWith(() => answer(), async () => success(stoppedStarter));
    actor.send({ type: 'dialog.open', target });
    await waitFor(actor, (s) => s.matches({ open: 'quoteFailed' }));
    answer = async () => failure({ code: 'server', reason: 'InvestmentFinished' });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ open: 'finished' }));
    expect(actor.getSnapshot().can({ type: 'stop.confirm' })).toBe(false);
    expect(notifyFailure).toHaveBeenCalledTimes(2);
    expect(plansChanged).toHaveBeenCalledTimes(1);
  });
});

describe('the plans page', () => {
  const loaded = { plans: [starter, growth], myPlans: [activeStarter, stoppedStarter] };

  it('loads both lists, offers a retry when that fails, and lists the member plans by status', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw { code: 'network' };
      return loaded;
    });
    const notifyFailure = vi.fn();
    const actor = createActor(
      investPlansMachine.provide({ actors: { loadPlans: fromPromise(() => load()) }, actions: { notifyFailure, refreshBalances: () => {} } }),
      { input: { keyPrefix: 'p', prefill: null } },
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectFilteredPlans(actor.getSnapshot()).map((entry) => entry.id)).toEqual(['11']);
    actor.send({ type: 'filter.change', status: 'finished' });
    expect(selectFilteredPlans(actor.getSnapshot())).toEqual([stoppedStarter]);
  });

  it('opens Activate with the calculator plan and amount, then loads its lists again and refreshes the balances once money moved', async () => {
    const load = vi.fn(async () => loaded);
    const refreshBalances = vi.fn();
    const actor = createActor(
      investPlansMachine.provide({
        actors: {
          loadPlans: fromPromise(() => load()),
          activate: investActivateMachine.provide({
            actors: { activatePlan: fromPromise(async (): Promise<ActivateOutcome> => success(activeStarter)) },
            actions: { notifyFailure: () => {}, plansChanged: announcePlansChanged<InvestActivateContext, InvestActivateEvent>() },
          }),
        },
        actions: { notifyFailure: () => {}, refreshBalances },
      }),
      { input: { keyPrefix: 'p', prefill: { planId: '1', amount: '100' } } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const activate = actor.getSnapshot().children.activate!;
    expect(activate.getSnapshot().context).toMatchObject({ plan: { name: 'Starter' }, amount: '100' });
    activate.send({ type: 'activate.submit' });
    activate.send({ type: 'activate.confirm' });
    await waitFor(activate, (s) => s.matches({ open: 'activated' }));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && load.mock.calls.length === 2);
    expect(refreshBalances).toHaveBeenCalledTimes(1);
  });
});

describe('the ROI calculator', () => {
  it("estimates Starter with 100 USDT as the server accrues it: profit 12.00, final 112.00, penalty 11.20", () => {
    const actor = createActor(roiCalculatorMachine, { input: {} }).start();
    actor.send({ type: 'amount.change', value: '100' });
    actor.send({ type: 'plan.select', plan: starter });
    const estimate = selectEstimate(actor.getSnapshot())!;
    expect(estimate).toMatchObject({ totalProfit: '12.00', finalAmount: '112.00', penalty: '11.20', currency: 'USDT', planId: '1' });
    expect(estimate.rows.map((row) => row.profit)).toEqual(['0.00', '2.00', '2.00', '2.00', '2.00', '2.00', '2.00']);
    expect(estimate.rows.map((row) => row.stopPayout)).toEqual(['88.80', '88.80', '88.80', '88.80', '88.80', '88.80', '100.00']);
  });

  it('estimates terms typed by hand, and takes only what the numeric rules allow', () => {
    const actor = createActor(roiCalculatorMachine, { input: {} }).start();
    actor.send({ type: 'amount.change', value: '01' });
    expect(selectEstimate(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'amount.change', value: '1000' });
    actor.send({ type: 'manual.change', field: 'ratePercent', value: '1.5' });
    actor.send({ type: 'manual.change', field: 'periods', value: '0' });
    expect(selectEstimate(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'manual.change', field: 'periods', value: '2' });
    actor.send({ type: 'compounding.change', compounding: true });
    expect(selectEstimate(actor.getSnapshot())).toMatchObject({ totalProfit: '30.22', finalAmount: '1030.22', penalty: '0.00', currency: null });
  });
});
