// What the investment plans page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { investPlansMachine } from './invest-plans.machine';

type InvestPlansSnapshot = SnapshotFrom<typeof investPlansMachine>;

export const selectLoading = (s: InvestPlansSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: InvestPlansSnapshot) => s.matches('loadFailed');
export const selectReady = (s: InvestPlansSnapshot) => s.matches('ready');
export const selectRefreshing = (s: InvestPlansSnapshot) => s.hasTag('refreshing');
export const selectPlans = (s: InvestPlansSnapshot) => s.context.plans;
export const selectMyPlans = (s: InvestPlansSnapshot) => s.context.myPlans;
export const selectFilter = (s: InvestPlansSnapshot) => s.context.filter;
/** The member's plans of the chosen status (a plan stopped early is finished). */
export const selectFilteredPlans = (s: InvestPlansSnapshot) => s.context.myPlans.filter((entry) => entry.status === s.context.filter);
/** The page's dialogs (running while the page is ready). */
export const selectActivateRef = (s: InvestPlansSnapshot) => s.children.activate;
export const selectStopRef = (s: InvestPlansSnapshot) => s.children.stop;
