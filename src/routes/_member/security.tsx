import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { loginHistoryQueryOptions } from '../../api/account';
import { ActivationProvider, DeactivationProvider, RecoveryCodesProvider } from '../../app/flows/account';
import { SecurityView } from '../../features/account/security-view';

export const Route = createFileRoute('/_member/security')({
  staticData: { title: msg`Security` },
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(loginHistoryQueryOptions()),
  component: SecurityPage,
});

function SecurityPage() {
  return (
    <ActivationProvider>
      <DeactivationProvider>
        <RecoveryCodesProvider>
          <SecurityView />
        </RecoveryCodesProvider>
      </DeactivationProvider>
    </ActivationProvider>
  );
}
