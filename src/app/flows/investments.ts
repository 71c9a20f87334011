// Effects of the investments area's flows (issue 27; server/schema.graphql "investment plans") and the providers
// the pages mount them with: the plans page loads the tenant's plans and the member's together; its Activate
// dialog takes the amount off the balance and its Stop early dialog asks for the quote and stops the plan, both
// with the attempt's idempotency key; money moved refreshes the balance. The calculator calls nothing.
import { fromPromise } from 'xstate';
import { announcePlansChanged, investPlansMachine } from '../../../machines/investments/invest-plans.machine';
import { investActivateMachine } from '../../../machines/investments/invest-activate.machine';
import { investStopMachine } from '../../../machines/investments/invest-stop.machine';
import { roiCalculatorMachine } from '../../../machines/investments/roi-calculator.machine';
import type { ActivatePrefill } from '../../../machines/investments/invest-plans.types';
import type { InvestActivateContext, InvestActivateEvent } from '../../../machines/investments/invest-activate.types';
import type { InvestStopContext, InvestStopEvent } from '../../../machines/investments/invest-stop.types';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import {
  fetchMyInvestPlans,
  investActivateMutation,
  fetchInvestPlans,
  investStopMutation,
  investStopQuoteQuery,
  toMemberInvestPlan,
} from '../../api/investments';
import { InvestPlansContext, RoiCalculatorContext } from '../../features/investments/investments.contexts';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

/** Money moved: the balances (header, wallet) are fetched again. */
const refreshBalances = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.account.me() });
};

export const createInvestPlansLogic = perTenant((tenant) =>
  investPlansMachine.provide({
    actors: {
      loadPlans: fromPromise(async () => {
        // The flow decides about retrying (Try again), so the calls go out once each.
        const [plans, myPlans] = await Promise.all([fetchInvestPlans(tenant.uuid), fetchMyInvestPlans(tenant.uuid, null)]);
        return { plans, myPlans };
      }),
      activate: investActivateMachine.provide({
        actors: {
          activatePlan: fromPromise(({ input }) =>
            outcome(['InsufficientBalance', 'AmountOutOfRange', 'IdempotencyKeyReused'], async () => {
              const { moduleInvestActivate } = await api.request(investActivateMutation, {
                whitelabel_uuid: tenant.uuid,
                plan_id: input.planId,
                amount: input.amount,
                idempotency_key: input.idempotencyKey,
              });
              return toMemberInvestPlan(moduleInvestActivate);
            }),
          ),
        },
        actions: {
          notifyFailure,
          plansChanged: announcePlansChanged<InvestActivateContext, InvestActivateEvent>(),
        },
      }),
      stop: investStopMachine.provide({
        actors: {
          quoteStop: fromPromise(({ input }) =>
            outcome(['InvestmentFinished'], async () => {
              const { moduleInvestStopQuote } = await api.request(investStopQuoteQuery, { whitelabel_uuid: tenant.uuid, id: input.id });
              return { finalAmount: moduleInvestStopQuote.final_amount, penalty: moduleInvestStopQuote.penalty, payout: moduleInvestStopQuote.payout };
            }),
          ),
          stopPlan: fromPromise(({ input }) =>
            outcome(['InvestmentFinished'], async () => {
              const { moduleInvestStop } = await api.request(investStopMutation, {
                whitelabel_uuid: tenant.uuid,
                id: input.id,
                idempotency_key: input.idempotencyKey,
              });
              return toMemberInvestPlan(moduleInvestStop);
            }),
          ),
        },
        actions: {
          notifyFailure,
          plansChanged: announcePlansChanged<InvestStopContext, InvestStopEvent>(),
        },
      }),
    },
    actions: { notifyFailure, refreshBalances },
  }),
);

/** The investments page's flow; `prefill` is the calculator's plan and amount (its Activate). */
export const InvestPlansProvider = flowProvider(InvestPlansContext, ({ prefill }: { prefill: ActivatePrefill | null }, tenant) => ({
  logic: createInvestPlansLogic(tenant),
  input: { keyPrefix: `invest-${crypto.randomUUID()}`, prefill },
}));

/** The calculator's flow (pure: it calls nothing). */
export const RoiCalculatorProvider = flowProvider(RoiCalculatorContext, () => ({ logic: roiCalculatorMachine, input: {} }));
