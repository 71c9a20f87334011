// The crowdfunding projects the models, machine tests and view tests share: the Demo Portal's Sea View Residence
// (goal 50,000 USDT, min 50, 12 % a year paid monthly for 12 months), as the demo member sees it (their Basic
// tariff allows 1,000 per project, none held yet), the same project finished, and as a member without a tariff.
import type { Holding, Project } from '../../machines/crowdfunding/crowdfunding.types';
import type { ProjectPage } from '../../machines/crowdfunding/invest.types';

export const seaView: Project = {
  id: '1',
  name: 'Sea View Residence',
  excerpt: 'Twelve apartments a short walk from the beach.',
  description: '<p>A residence of <strong>twelve apartments</strong>.</p>',
  images: [],
  documents: [{ name: 'Business plan', url: '/media/crowdfunding/sea-view-plan.pdf' }],
  currency: 'USDT',
  goal: '50000.00',
  raised: '18450.00',
  pending: '1200.00',
  available: '30350.00',
  investorsCount: 37,
  minInvestment: '50.00',
  startsAt: '2026-10-01T00:00:00.000Z',
  endsAt: '2027-01-15T00:00:00.000Z',
  status: 'active',
  goalReached: false,
  refundedAt: null,
  returnPercent: '12',
  payoutPeriodMonths: 1,
  termMonths: 12,
  viewerCap: '1000.00',
  viewerTariffCap: '1000.00',
  viewerInvested: '0.00',
  capTariffs: [
    { tariffId: '1', name: 'Basic', cap: '1000.00' },
    { tariffId: '2', name: 'Pro', cap: '5000.00' },
  ],
};

export const seaViewFinished: Project = { ...seaView, status: 'finished', available: '0.00', raised: '50000.00', pending: '0.00', goalReached: true };

export const seaViewNoTariff: Project = { ...seaView, viewerCap: '0.00', viewerTariffCap: '0.00' };

/** The demo member's holding once they invested 100 (paid 1970-01-01 on the simulated clock). */
export const newHolding: Holding = {
  id: '91',
  project: { id: seaView.id, name: seaView.name },
  amount: '100.00',
  currency: 'USDT',
  status: 'active',
  sharePercent: '0.20',
  receivedProfit: '0.00',
  receivedBody: '0.00',
  totalReturn: '112.00',
  nextPayoutAt: '1970-02-01T00:00:00.000Z',
  nextPayoutAmount: '1.00',
  paidAt: '1970-01-01T00:00:00.000Z',
  refundedAt: null,
  createdAt: '1970-01-01T00:00:00.000Z',
};

export const openPage: ProjectPage = { project: seaView, holdings: [], balance: '1250.50' };
export const finishedPage: ProjectPage = { project: seaViewFinished, holdings: [], balance: '1250.50' };
export const noTariffPage: ProjectPage = { project: seaViewNoTariff, holdings: [], balance: '1250.50' };
export const missingPage: ProjectPage = { project: null, holdings: [], balance: '0' };
