// Effects of investing in a crowdfunding project (issue 28, /crowdfunding/{id}) and the provider the page mounts
// it with: the project, the member's holdings in it and the balance of its currency; investing from the balance
// with the attempt's idempotency key; money moved refreshes the balances and the crowdfunding lists.
import { fromPromise } from 'xstate';
import { isAppError } from '../../../domain/app-error';
import { investMachine } from '../../../machines/crowdfunding/invest.machine';
import { api } from '../../api/client';
import { paymentBalanceQuery } from '../../api/payments';
import { crowdfundingInvestMutation, crowdfundingProjectQuery, fetchBriefcase, toHolding, toProject } from '../../api/crowdfunding';
import { queryKeys } from '../../api/query-keys';
import { InvestContext } from '../../features/crowdfunding/crowdfunding.contexts';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

/** Money moved: the balances (header, wallet) and the projects and briefcase are fetched again. */
const refreshBalances = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.account.me() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.crowdfunding.all() });
};

export const createInvestLogic = perTenant((tenant) =>
  investMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const [project, briefcase, { me }] = await Promise.all([
          api
            .request(crowdfundingProjectQuery, { whitelabel_uuid: tenant.uuid, id: input.projectId })
            .then(({ moduleCrowdfundingProject }) => toProject(moduleCrowdfundingProject))
            .catch((error: unknown) => {
              // No such project here: the page says so rather than failing.
              if (isAppError(error) && error.category === 'not_found') return null;
              throw error;
            }),
          fetchBriefcase(tenant.uuid),
          api.request(paymentBalanceQuery),
        ]);
        const wallet = me?.wallet_balance.find((row) => row.currency === (project?.currency ?? tenant.whiteLabel.currency));
        return {
          project,
          holdings: briefcase.holdings.filter((holding) => holding.project.id === input.projectId),
          balance: wallet?.available ?? '0',
        };
      }),
      invest: fromPromise(({ input }) =>
        outcome(['FundraisingFinished', 'TariffCap', 'GoalExceeded', 'InsufficientBalance'], async () => {
          const { moduleCrowdfundingInvest } = await api.request(crowdfundingInvestMutation, {
            whitelabel_uuid: tenant.uuid,
            project_id: input.projectId,
            amount: input.amount,
            idempotency_key: input.idempotencyKey,
          });
          return toHolding(moduleCrowdfundingInvest);
        }),
      ),
    },
    actions: { notifyFailure, refreshBalances },
  }),
);

/** The project page's flow: a fresh idempotency key prefix per page. */
export const InvestProvider = flowProvider(InvestContext, ({ projectId }: { projectId: string }, tenant) => ({
  logic: createInvestLogic(tenant),
  input: { projectId, keyPrefix: `crowdfunding-${crypto.randomUUID()}` },
  key: projectId,
}));
