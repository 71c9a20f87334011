// Demo investment plans (issue 27): on the Demo Portal "Starter" (100-10,000 USDT, 2 % per 30 days for 6
// periods, simple, capital back, 10 % penalty) and a compounding plan; Acme, in investment mode, its own.
import type { Db } from '../../db/client';
import { investPlans } from './tables';

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

export async function seedInvestmentsDemo(tx: Db, tenants: { demoTenantId: number; acmeTenantId: number }) {
  await tx.insert(investPlans).values([...demoPlans(tenants.demoTenantId), ...acmePlans(tenants.acmeTenantId)]);
}
