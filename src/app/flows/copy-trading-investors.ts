// Effects of a trader's decision on a pending request (issue 32, /investors) and the provider each request's row
// mounts: the decision is sent, the notifier says what was decided, and the overview is read again.
import { fromPromise } from 'xstate';
import { t } from '@lingui/core/macro';
import { requestDecisionMachine } from '../../../machines/trading/request-decision.machine';
import { decisionRefusals } from '../../../machines/trading/request-decision.types';
import { decideRequest } from '../../api/copy-links';
import { queryKeys } from '../../api/query-keys';
import { RequestDecisionContext } from '../../features/trading/copy/investors.contexts';
import { queryClient } from '../router/query-client';
import { showSuccessToast } from '../toasts';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

export const createRequestDecisionLogic = perTenant((tenant) =>
  requestDecisionMachine.provide({
    actors: {
      decideRequest: fromPromise(({ input }) => outcome(decisionRefusals, () => decideRequest(tenant.uuid, input))),
    },
    actions: {
      notifyFailure,
      announceDecision: ({ context }) => {
        const { status, memberName } = context.decided!;
        showSuccessToast(
          status === 'declined' ? t`You declined ${memberName}’s request.` : t`You accepted ${memberName}’s request: their key is linked within 48 hours.`,
        );
      },
      refreshInvestors: () => void queryClient.invalidateQueries({ queryKey: queryKeys.copyLinks.all() }),
    },
  }),
);

export const RequestDecisionProvider = flowProvider(RequestDecisionContext, ({ requestId }: { requestId: string }, tenant) => ({
  logic: createRequestDecisionLogic(tenant),
  input: { requestId },
  key: requestId,
}));
