import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { loginHistoryQueryOptions } from '../../api/account';
import { createRecoveryCodesLogic, createTwoFactorActivationLogic, createTwoFactorDeactivationLogic } from '../../app/flows/account';
import { flowOptions } from '../../lib/flow-inspection';
import { SecurityView } from '../../features/account/security-view';

export const Route = createFileRoute('/_member/security')({
  staticData: { title: msg`Security` },
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(loginHistoryQueryOptions()),
  component: SecurityPage,
});

function SecurityPage() {
  const { tenant } = Route.useRouteContext();
  return (
    <SecurityView
      activation={{ logic: createTwoFactorActivationLogic(tenant), options: flowOptions({}) }}
      deactivation={{ logic: createTwoFactorDeactivationLogic(tenant), options: flowOptions({}) }}
      recoveryCodes={{ logic: createRecoveryCodesLogic(tenant), options: flowOptions({}) }}
    />
  );
}
