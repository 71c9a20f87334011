// What the project page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import { investBounds, payoutSchedule, holdingTotal } from '../../domain/crowdfunding';
import { sentAmountInput } from '../../domain/money';
import type { investMachine } from './invest.machine';
import { amountProblemOf } from './invest.machine';

type InvestSnapshot = SnapshotFrom<typeof investMachine>;

export const selectLoading = (s: InvestSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: InvestSnapshot) => s.matches('loadFailed');
export const selectMissing = (s: InvestSnapshot) => s.matches('missing');
export const selectError = (s: InvestSnapshot) => s.context.error;
export const selectProject = (s: InvestSnapshot) => s.context.page?.project ?? null;
export const selectHoldings = (s: InvestSnapshot) => s.context.page?.holdings ?? [];
export const selectBalance = (s: InvestSnapshot) => s.context.page?.balance ?? '0';
export const selectClosed = (s: InvestSnapshot) => s.matches({ ready: 'closed' });
export const selectCapped = (s: InvestSnapshot) => s.matches({ ready: 'capped' });
export const selectAmount = (s: InvestSnapshot) => s.context.amount;
export const selectAmountError = (s: InvestSnapshot) => s.context.amountError;
/** The form shows while the member types, and stays (read only) through the confirmation. */
export const selectFormShown = (s: InvestSnapshot) =>
  s.matches({ ready: 'editing' }) || s.matches({ ready: 'confirming' }) || s.matches({ ready: 'investing' }) || s.matches({ ready: 'refreshing' });
export const selectEditing = (s: InvestSnapshot) => s.matches({ ready: 'editing' });
export const selectConfirming = (s: InvestSnapshot) => s.matches({ ready: 'confirming' }) || s.matches({ ready: 'investing' });
export const selectInvesting = (s: InvestSnapshot) => s.matches({ ready: 'investing' });
export const selectRefreshing = (s: InvestSnapshot) => s.matches({ ready: 'refreshing' });
export const selectInvested = (s: InvestSnapshot) => (s.matches({ ready: 'invested' }) ? s.context.invested : null);

/** The least and the most the member can invest now, and which bound holds the most back. */
export const selectBounds = (s: InvestSnapshot) => {
  const project = s.context.page?.project;
  if (!project) return null;
  return investBounds({ minInvestment: project.minInvestment, available: project.available, viewerCap: project.viewerCap ?? '0' });
};

/** The payouts the typed amount would bring, counted from the confirmation (null while it cannot be invested). */
export const selectPlannedPayouts = (s: InvestSnapshot) => {
  const { page, confirmingSince } = s.context;
  const project = page?.project;
  if (!project || confirmingSince === null || amountProblemOf(s.context) !== null) return null;
  const amount = sentAmountInput(s.context.amount);
  const schedule = payoutSchedule(amount, new Date(confirmingSince), project);
  return { schedule, total: holdingTotal(amount, project) };
};
