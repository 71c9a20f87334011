import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ResetRequestContext } from '../../../features/auth/flow-contexts';
import { ResetPasswordView } from '../../../features/auth/reset-password-view';
import { resetRequestLogic } from '../../../app/flows/account';
import { flowOptions } from '../../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/_guest/resetpassword')({
  staticData: { title: msg`Reset password` },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { tenant } = Route.useRouteContext();
  if (!tenant) return null;
  return (
    <ResetRequestContext.Provider logic={resetRequestLogic(tenant)} options={flowOptions({})}>
      <ResetPasswordView />
    </ResetRequestContext.Provider>
  );
}
