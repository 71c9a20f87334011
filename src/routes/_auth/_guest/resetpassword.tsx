import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ResetPasswordView } from '../../../features/auth/reset-password-view';
import { ResetRequestProvider } from '../../../app/flows/auth-links';

export const Route = createFileRoute('/_auth/_guest/resetpassword')({
  staticData: { title: msg`Reset password` },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  return (
    <ResetRequestProvider>
      <ResetPasswordView />
    </ResetRequestProvider>
  );
}
