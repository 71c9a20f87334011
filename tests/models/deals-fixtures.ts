// The deal requests the models, machine tests and view tests share: a member's complete answers, the deal they file,
// and drafts with one step's problem.
import type { DealValues } from '../../machines/deals/deal-request.types';
import type { Deal } from '../../machines/deals/deals.types';

export const completeAnswers: DealValues = {
  first_name: 'Olena',
  last_name: 'Koval',
  job: 'Architect',
  marital_status: 'married',
  kids: '2',
  distance_to_sea: 'walk',
  payment_scheme: 'mortgage',
  readiness: 'months_3',
  contacts: '+380 50 123 4567, evenings',
};

export const filedDeal: Deal = {
  id: '41',
  firstName: 'Olena',
  lastName: 'Koval',
  job: 'Architect',
  maritalStatus: 'married',
  kids: '2',
  distanceToSea: 'walk',
  paymentScheme: 'mortgage',
  readiness: 'months_3',
  contacts: '+380 50 123 4567, evenings',
  status: 'new',
  currency: 'USD',
  transactionAmount: null,
  transactionFee: null,
  referrerFee: null,
  viewerFee: null,
  feePaid: false,
  declineReason: null,
  memberName: 'Olena K.',
  level: 0,
  history: [{ status: 'new', at: '2026-11-27T10:00:00.000Z' }],
  createdAt: '2026-11-27T10:00:00.000Z',
};
