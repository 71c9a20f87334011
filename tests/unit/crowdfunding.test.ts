// Crowdfunding's one rule (domain/crowdfunding.ts): what a holding pays and when (Sea View's terms as the issue
// states them, to the cent), when a project takes no more money, and the bounds of one investment.
import { describe, expect, it } from 'vitest';
import { fundraisingOpen, goalLeft, holdingTotal, investBounds, payoutProfit, payoutsDueAt, payoutSchedule, type ProjectTerms } from '../../domain/crowdfunding';

const seaView: ProjectTerms = { returnPercent: '12', payoutPeriodMonths: 1, termMonths: 12 };
const paidAt = new Date('2026-01-31T10:00:00Z');

describe('a holding of 100 USDT at 12 % a year, paid monthly for 12 months', () => {
  it('pays 1.00 a month, 12 payouts, and the body 100.00 with the 12th: 112.00 in all', () => {
    const schedule = payoutSchedule('100', paidAt, seaView);
    expect(schedule).toHaveLength(12);
    expect(schedule.map((payout) => payout.profit)).toEqual(Array(12).fill('1.00'));
    expect(schedule.map((payout) => payout.body)).toEqual([...Array(11).fill('0.00'), '100.00']);
    expect(schedule.map((payout) => payout.number)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(holdingTotal('100', seaView)).toBe('112.00');
  });

  it('falls due in calendar months counted from the paid date', () => {
    const schedule = payoutSchedule('100', new Date('2026-03-15T09:30:00Z'), seaView);
    expect(schedule[0]!.dueAt.toISOString()).toBe('2026-04-15T09:30:00.000Z');
    expect(schedule[1]!.dueAt.toISOString()).toBe('2026-05-15T09:30:00.000Z');
    expect(schedule[11]!.dueAt.toISOString()).toBe('2027-03-15T09:30:00.000Z');
  });

  it('counts the payouts due at a moment: none before the first month, each on its due instant, all after the term', () => {
    const paid = new Date('2026-03-15T09:30:00Z');
    expect(payoutsDueAt(paid, seaView, new Date('2026-04-15T09:29:59Z'))).toBe(0);
    expect(payoutsDueAt(paid, seaView, new Date('2026-04-15T09:30:00Z'))).toBe(1);
    expect(payoutsDueAt(paid, seaView, new Date('2026-09-01T00:00:00Z'))).toBe(5);
    expect(payoutsDueAt(paid, seaView, new Date('2030-01-01T00:00:00Z'))).toBe(12);
  });

  it('cuts each profit to the cent toward zero, and a quarterly period pays three months at once', () => {
    expect(payoutProfit('33.33', seaView)).toBe('0.33');
    expect(payoutProfit('500', { returnPercent: '9', payoutPeriodMonths: 1, termMonths: 12 })).toBe('3.75');
    const quarterly: ProjectTerms = { returnPercent: '10', payoutPeriodMonths: 3, termMonths: 12 };
    const schedule = payoutSchedule('1000', paidAt, quarterly);
    expect(schedule.map((payout) => payout.profit)).toEqual(['25.00', '25.00', '25.00', '25.00']);
    expect(schedule[3]!.body).toBe('1000.00');
  });
});

describe('when a project takes money', () => {
  const project = { status: 'active' as const, startsAt: new Date('2026-04-01T00:00:00Z'), endsAt: new Date('2026-06-01T00:00:00Z'), goal: '50000', raised: '28750', pending: '1500' };
  const now = new Date('2026-05-01T00:00:00Z');

  it('leaves goal - raised - pending, never below zero', () => {
    expect(goalLeft('50000', '28750', '1500')).toBe('19750');
    expect(goalLeft('10000', '9800', '300')).toBe('0');
  });

  it('is open while active, from starts_at to before ends_at and short of its goal; closed before its start, when finished, at ends_at, or with nothing left', () => {
    expect(fundraisingOpen(project, now)).toBe(true);
    expect(fundraisingOpen(project, project.startsAt)).toBe(true);
    expect(fundraisingOpen(project, new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(fundraisingOpen({ ...project, status: 'finished' }, now)).toBe(false);
    expect(fundraisingOpen(project, project.endsAt)).toBe(false);
    expect(fundraisingOpen({ ...project, raised: '48500' }, now)).toBe(false);
  });
});

describe('the bounds of one investment', () => {
  it('runs from the minimum to the smaller of the cap and what is left of the goal', () => {
    expect(investBounds({ minInvestment: '50', available: '19750', viewerCap: '1000' })).toEqual({ min: '50', max: '1000', limitedBy: 'cap' });
    expect(investBounds({ minInvestment: '50', available: '200', viewerCap: '1000' })).toEqual({ min: '50', max: '200', limitedBy: 'goal' });
  });

  it('lets the last investor close the goal with less than the minimum', () => {
    expect(investBounds({ minInvestment: '50', available: '30', viewerCap: '1000' })).toEqual({ min: '30', max: '30', limitedBy: 'goal' });
  });

  it('says the member cannot invest when the cap left is under the minimum', () => {
    const bounds = investBounds({ minInvestment: '50', available: '19750', viewerCap: '0' });
    expect(bounds).toEqual({ min: '50', max: '0', limitedBy: 'cap' });
    expect(Number(bounds.max) < Number(bounds.min)).toBe(true);
  });
});
