import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { RegistrationContext } from '../../../features/auth/auth-registration.contexts';
import { RegistrationView } from '../../../features/auth/registration-view';
import { createRegistrationLogic, registrationInput } from '../../../app/flows/auth-registration';
import { registrationSponsor } from '../../../lib/sponsor';
import { flowOptions } from '../../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/_guest/register/{-$id}')({
  staticData: { title: msg`Registration` },
  component: RegisterPage,
});

function RegisterPage() {
  const { id } = Route.useParams();
  const { tenant } = Route.useRouteContext();
  const sponsor = registrationSponsor(id);
  return (
    <RegistrationContext.Provider
      key={sponsor ?? ''}
      logic={createRegistrationLogic(tenant)}
      options={flowOptions({ input: registrationInput(tenant, sponsor) })}
    >
      <RegistrationView />
    </RegistrationContext.Provider>
  );
}
