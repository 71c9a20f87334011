// Demo investment plans (issue 27): on the Demo Portal "Starter" (100-10,000 USDT, 2 % per 30 days for 6
// periods, simple, capital back, 10 % penalty) and a compounding plan; Acme, in investment mode, its own. The
// demo member's twelve plans of the past year (the dashboard's My plans: 12, 3 of them active) are written as
// the rule in domain/ says they ran, with the ledger movements they made, which the wallet's demo history takes
// in (so the ledger, the wallets and the plans agree).
import type { Db } from '../../db/client';
import type { LedgerDetails, TransactionType } from '../../../domain/ledger';
import { add, type Decimal } from '../../../domain/money';
import { accrualDueAt, investSchedule, periodsDueAt, stopQuote, termPayout, type InvestPlanTerms } from '../../../domain/investments';
import { investmentAccruals, investments, investPlans } from './tables';

type NewPlan = typeof investPlans.$inferInsert;

export const demoPlans = (tenantId: number): NewPlan[] => [
  {
    tenantId,
    name: 'Starter',
    description: 'Steady monthly profit paid to your balance, with your capital back at the end.',
    currency: 'USDT',
    ratePercent: '2',
    periodDays: 30,
    periods: 6,
    compounding: false,
    capitalBack: true,
    minAmount: '100',
    maxAmount: '10000',
    penaltyPercent: '10',
    sortOrder: 1,
  },
  {
    tenantId,
    name: 'Growth',
    description: 'Profit stays in the plan and earns too; everything is paid at the end of the year.',
    currency: 'USDT',
    ratePercent: '1.5',
    periodDays: 30,
    periods: 12,
    compounding: true,
    capitalBack: true,
    minAmount: '500',
    maxAmount: '50000',
    penaltyPercent: '5',
    sortOrder: 2,
  },
];

export const acmePlans = (tenantId: number): NewPlan[] => [
  {
    tenantId,
    name: 'Acme Quarterly',
    description: 'A quarter at a time: profit every 90 days, capital back after a year.',
    currency: 'USDT',
    ratePercent: '4.5',
    periodDays: 90,
    periods: 4,
    compounding: false,
    capitalBack: true,
    minAmount: '250',
    maxAmount: '25000',
    penaltyPercent: '8',
    sortOrder: 1,
  },
];

/** A movement of the demo member's USDT wallet, days before the seed. */
export interface DemoPlanMovement {
  daysAgo: number;
  type: TransactionType;
  amount: Decimal;
  note: string;
  details: LedgerDetails;
}

const day = 24 * 60 * 60_000;

/** The demo member's plans: started so many days ago, some stopped early so many days ago; the rest run their terms. */
const memberPlans: { plan: 'Starter' | 'Growth'; amount: Decimal; daysAgo: number; stoppedDaysAgo?: number }[] = [
  { plan: 'Starter', amount: '100.00', daysAgo: 345 },
  { plan: 'Starter', amount: '150.00', daysAgo: 330 },
  { plan: 'Starter', amount: '120.00', daysAgo: 310 },
  { plan: 'Starter', amount: '200.00', daysAgo: 290 },
  { plan: 'Starter', amount: '100.00', daysAgo: 270 },
  { plan: 'Starter', amount: '250.00', daysAgo: 240 },
  { plan: 'Growth', amount: '500.00', daysAgo: 220, stoppedDaysAgo: 130 },
  { plan: 'Starter', amount: '180.00', daysAgo: 200 },
  { plan: 'Starter', amount: '100.00', daysAgo: 160, stoppedDaysAgo: 100 },
  { plan: 'Starter', amount: '300.00', daysAgo: 110 },
  { plan: 'Growth', amount: '600.00', daysAgo: 75 },
  { plan: 'Starter', amount: '100.00', daysAgo: 35 },
];

const termsOf = (plan: typeof investPlans.$inferSelect): InvestPlanTerms => ({
  ratePercent: plan.ratePercent,
  periodDays: plan.periodDays,
  periods: plan.periods,
  compounding: plan.compounding,
  capitalBack: plan.capitalBack,
  penaltyPercent: plan.penaltyPercent,
});

/**
 * Writes the demo member's plans as they ran up to `now` (each period accrued, simple plans' profit paid, plans
 * at term finished, stopped ones stopped) and answers the ledger movements that made, for the wallet's history.
 */
async function seedMemberPlans(tx: Db, userId: number, plans: (typeof investPlans.$inferSelect)[], now: number): Promise<DemoPlanMovement[]> {
  const movements: DemoPlanMovement[] = [];
  for (const entry of memberPlans) {
    const plan = plans.find((row) => row.name === entry.plan)!;
    const terms = termsOf(plan);
    const startedAt = new Date(now - entry.daysAgo * day);
    const until = new Date(now - (entry.stoppedDaysAgo ?? 0) * day);
    const done = periodsDueAt(startedAt, terms, until);
    const schedule = investSchedule(entry.amount, terms);
    const atTerm = done === terms.periods;
    const stop = entry.stoppedDaysAgo !== undefined ? stopQuote(entry.amount, terms, done) : null;
    const note = `${plan.name} plan`;
    movements.push({ daysAgo: entry.daysAgo, type: 'INVESTMENT_PLAN_ACTIVATE', amount: `-${entry.amount}`, note, details: { subject: plan.name } });
    for (let period = 1; period <= done && !terms.compounding; period += 1) {
      movements.push({ daysAgo: entry.daysAgo - period * terms.periodDays, type: 'INVESTMENT_PLAN_WITHDRAW', amount: schedule[period]!.profit, note: `${note} profit, period ${period}`, details: { subject: plan.name, count: period } });
    }
    const payout = atTerm ? termPayout(entry.amount, terms) : stop?.payout;
    if (payout) {
      const daysAgo = atTerm ? entry.daysAgo - terms.periods * terms.periodDays : entry.stoppedDaysAgo!;
      movements.push({ daysAgo, type: atTerm ? 'INVESTMENT_PLAN_FINISHED' : 'INVESTMENT_PLAN_STOPPED', amount: payout, note, details: { subject: plan.name } });
    }
    const finished = atTerm || stop !== null;
    const [made] = await tx
      .insert(investments)
      .values({
        userId,
        planId: plan.id,
        amount: entry.amount,
        ...terms,
        currency: plan.currency,
        status: finished ? 'finished' : 'active',
        startedAt,
        periodsDone: done,
        accrued: schedule[done]!.accrued,
        paidOut: payout ? add(schedule[done]!.paidOut, payout) : schedule[done]!.paidOut,
        stoppedEarly: stop !== null,
        penalty: stop?.penalty ?? null,
        stopPayout: stop?.payout ?? null,
        finishedAt: atTerm ? accrualDueAt(startedAt, terms, terms.periods) : stop ? until : null,
        createdAt: startedAt,
      })
      .returning({ id: investments.id });
    if (done > 0) {
      await tx.insert(investmentAccruals).values(
        schedule.slice(1, done + 1).map((row, index) => ({
          investmentId: made!.id,
          period: index + 1,
          profit: row.profit,
          accruedAt: accrualDueAt(startedAt, terms, index + 1),
        })),
      );
    }
  }
  return movements;
}

/** The plans of both tenants, and the demo member's plans; answers the member's ledger movements from them. */
export async function seedInvestmentsDemo(
  tx: Db,
  ids: { demoTenantId: number; acmeTenantId: number; demoMemberId: number },
  now = Date.now(),
): Promise<DemoPlanMovement[]> {
  const plans = await tx.insert(investPlans).values([...demoPlans(ids.demoTenantId), ...acmePlans(ids.acmeTenantId)]).returning();
  return seedMemberPlans(tx, ids.demoMemberId, plans.filter((plan) => plan.tenantId === ids.demoTenantId), now);
}
