import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { RegistrationView } from '../../../features/auth/registration-view';
import { RegistrationProvider } from '../../../app/flows/auth-registration';

export const Route = createFileRoute('/_auth/_guest/register/{-$id}')({
  staticData: { title: msg`Registration` },
  component: RegisterPage,
});

function RegisterPage() {
  const { id } = Route.useParams();
  return (
    <RegistrationProvider referral={id}>
      <RegistrationView />
    </RegistrationProvider>
  );
}
