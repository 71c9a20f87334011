// The investments area's plans that the models, machine tests and view tests share: the Demo Portal's Starter
// (min 100, max 10,000 USDT, 2 % per 30 days, 6 periods, simple, capital back, penalty 10 % of the final
// amount) and Growth (compounding), and the member's plans in them.
import type { InvestPlan, MemberInvestPlan } from '../../machines/investments/investments.types';

export const starter: InvestPlan = {
  id: '1',
  name: 'Starter',
  description: 'Fixed monthly income.',
  currency: 'USDT',
  ratePercent: '2',
  periodDays: 30,
  periods: 6,
  compounding: false,
  capitalBack: true,
  minAmount: '100.00',
  maxAmount: '10000.00',
  penaltyPercent: '10',
};

export const growth: InvestPlan = {
  ...starter,
  id: '2',
  name: 'Growth',
  description: 'Profit stays in the plan and earns too.',
  ratePercent: '3',
  periods: 12,
  compounding: true,
  minAmount: '500.00',
  maxAmount: '50000.00',
};

/** Starter with 100 USDT, started 2026-11-01, one period accrued (2.00 paid out). */
export const activeStarter: MemberInvestPlan = {
  id: '11',
  plan: starter,
  amount: '100.00',
  currency: 'USDT',
  status: 'active',
  startedAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2027-04-30T00:00:00.000Z',
  accrued: '2.00',
  paidOut: '2.00',
  finalAmount: '112.00',
  nextAccrualAt: '2026-12-31T00:00:00.000Z',
  periodsDone: 1,
  stoppedEarly: false,
  penalty: null,
  stopPayout: null,
  finishedAt: null,
};

/** The same plan stopped early after its first period: 100 held less the 11.20 penalty. */
export const stoppedStarter: MemberInvestPlan = {
  ...activeStarter,
  status: 'finished',
  paidOut: '90.80',
  nextAccrualAt: null,
  stoppedEarly: true,
  penalty: '11.20',
  stopPayout: '88.80',
  finishedAt: '2026-12-05T00:00:00.000Z',
};
