import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ResetRequestContext } from '../../../features/auth/auth-links.contexts';
import { ResetPasswordView } from '../../../features/auth/reset-password-view';
import { createResetRequestLogic } from '../../../app/flows/auth-links';
import { flowOptions } from '../../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/_guest/resetpassword')({
  staticData: { title: msg`Reset password` },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { tenant } = Route.useRouteContext();
  return (
    <ResetRequestContext.Provider logic={createResetRequestLogic(tenant)} options={flowOptions({})}>
      <ResetPasswordView />
    </ResetRequestContext.Provider>
  );
}
