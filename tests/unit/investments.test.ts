// The investment plans' one rule (domain/investments.ts): the demo's Starter plan as the issue states it, and
// properties over any plan: cents only, the term pays the final amount, stopping early never beats the term.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import {
  accrualDueAt,
  investSchedule,
  periodsDueAt,
  planTotals,
  stopQuote,
  termPayout,
  type InvestPlanTerms,
} from '../../domain/investments';

const starter: InvestPlanTerms = { ratePercent: '2', periodDays: 30, periods: 6, compounding: false, capitalBack: true, penaltyPercent: '10' };
const cents = /^\d+\.\d{2}$/;

describe('the Starter plan (2 % per 30 days, 6 periods, simple, capital back, 10 % penalty)', () => {
  it('pays 2.00 a period on 100, 112.00 in all, and stopping at the start gives up 11.20 and pays 88.80', () => {
    expect(planTotals('100', starter)).toEqual({ totalProfit: '12.00', finalAmount: '112.00', penalty: '11.20' });
    expect(stopQuote('100', starter, 0)).toEqual({ finalAmount: '112.00', penalty: '11.20', payout: '88.80' });
    const schedule = investSchedule('100', starter);
    expect(schedule.map((row) => row.profit)).toEqual(['0.00', '2.00', '2.00', '2.00', '2.00', '2.00', '2.00']);
    expect(schedule.map((row) => row.paidOut)).toEqual(['0.00', '2.00', '4.00', '6.00', '8.00', '10.00', '12.00']);
    // Profit is paid out as it is earned, so what stopping pays stays the capital less the penalty.
    expect(schedule.slice(0, 6).every((row) => row.stopPayout === '88.80')).toBe(true);
    expect(termPayout('100', starter)).toBe('100.00');
  });

  it('cuts each period to the cent toward zero: 2 % of 100.99 is 2.01 (not 2.02)', () => {
    expect(investSchedule('100.99', starter)[1]!.profit).toBe('2.01');
  });

  it('compounds on what it has earned when the plan compounds, and keeps it to the term', () => {
    const growth = { ...starter, ratePercent: '10', periods: 3, compounding: true };
    expect(investSchedule('1000', growth).map((row) => row.profit)).toEqual(['0.00', '100.00', '110.00', '121.00']);
    expect(planTotals('1000', growth)).toMatchObject({ totalProfit: '331.00', finalAmount: '1331.00', penalty: '133.10' });
    expect(termPayout('1000', growth)).toBe('1331.00');
  });

  it('uses the capital up evenly when it does not come back', () => {
    const noCapital = { ...starter, ratePercent: '30', periods: 4, capitalBack: false };
    const schedule = investSchedule('100', noCapital);
    expect(schedule.map((row) => row.held)).toEqual(['100.00', '75.00', '50.00', '25.00', '0.00']);
    expect(planTotals('100', noCapital).finalAmount).toBe('120.00');
  });

  it('finds the periods that are due by the period length, to the term and no further', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(accrualDueAt(start, starter, 1).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(periodsDueAt(start, starter, new Date('2026-01-30T23:59:59Z'))).toBe(0);
    expect(periodsDueAt(start, starter, new Date('2026-01-31T00:00:00Z'))).toBe(1);
    expect(periodsDueAt(start, starter, new Date('2027-01-01T00:00:00Z'))).toBe(6);
  });
});

const money = fc.integer({ min: 1, max: 100_000_000 }).map((n) => new Big(n).div(100).toFixed(2));
const percent = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => new Big(n).div(100).toFixed(2));
const terms = fc.record({
  ratePercent: percent(50),
  periodDays: fc.integer({ min: 1, max: 365 }),
  periods: fc.integer({ min: 1, max: 60 }),
  compounding: fc.boolean(),
  capitalBack: fc.boolean(),
  penaltyPercent: percent(100),
});

describe('any plan', () => {
  it('moves cents only, and at the term has paid out and holds exactly the final amount', () => {
    fc.assert(
      fc.property(money, terms, (amount, plan) => {
        const schedule = investSchedule(amount, plan);
        for (const row of schedule) for (const figure of [row.profit, row.accrued, row.paidOut, row.held, row.stopPayout]) expect(figure).toMatch(cents);
        const last = schedule[plan.periods]!;
        expect(new Big(last.paidOut).plus(last.held).toFixed(2)).toBe(planTotals(amount, plan).finalAmount);
      }),
      { numRuns: 300 },
    );
  });

  it('never pays more for stopping early than running to term, nor less than nothing', () => {
    fc.assert(
      fc.property(money, terms, fc.nat(), (amount, plan, at) => {
        const periodsDone = at % (plan.periods + 1);
        const row = investSchedule(amount, plan)[periodsDone]!;
        const quote = stopQuote(amount, plan, periodsDone);
        expect(quote.payout).toBe(row.stopPayout);
        expect(new Big(quote.payout).gte(0)).toBe(true);
        expect(new Big(quote.payout).plus(row.paidOut).lte(quote.finalAmount)).toBe(true);
        expect(quote.penalty).toBe(new Big(quote.finalAmount).times(plan.penaltyPercent).div(100).round(2, Big.roundDown).toFixed(2));
      }),
      { numRuns: 300 },
    );
  });

  it('earns at least as much compounding as simple', () => {
    fc.assert(
      fc.property(money, terms, (amount, plan) => {
        const simple = planTotals(amount, { ...plan, compounding: false }).totalProfit;
        const compound = planTotals(amount, { ...plan, compounding: true }).totalProfit;
        expect(new Big(compound).gte(simple)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
