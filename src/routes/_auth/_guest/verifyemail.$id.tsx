import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { VerifyEmailView } from '../../../features/auth/verify-email-view';
import { VerifyEmailProvider } from '../../../app/flows/auth-links';

export const Route = createFileRoute('/_auth/_guest/verifyemail/$id')({
  staticData: { title: msg`Email verification` },
  validateSearch: v.object({ email: v.fallback(v.string(), '') }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { id } = Route.useParams();
  const { email } = Route.useSearch();
  return (
    <VerifyEmailProvider token={id} email={email}>
      <VerifyEmailView />
    </VerifyEmailProvider>
  );
}
