import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { NewPasswordView } from '../../../features/auth/new-password-view';
import { NewPasswordProvider } from '../../../app/flows/auth-links';

export const Route = createFileRoute('/_auth/_guest/newpassword/$id')({
  staticData: { title: msg`New password` },
  validateSearch: v.object({ email: v.fallback(v.string(), '') }),
  component: NewPasswordPage,
});

function NewPasswordPage() {
  const { id } = Route.useParams();
  const { email } = Route.useSearch();
  return (
    <NewPasswordProvider token={id} email={email}>
      <NewPasswordView />
    </NewPasswordProvider>
  );
}
