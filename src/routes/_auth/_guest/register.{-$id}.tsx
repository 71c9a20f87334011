import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { RegistrationContext } from '../../../features/auth/flow-contexts';
import { RegistrationView } from '../../../features/auth/registration-view';
import { registrationInput, registrationLogic } from '../../../app/flows/registration';
import { router } from '../../../app/router';
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
  const logic = useMemo(
    () =>
      tenant &&
      registrationLogic(tenant, sponsor).provide({
        actions: { showLogin: () => void router.navigate({ to: '/login' }) },
      }),
    [tenant, sponsor],
  );
  if (!tenant || !logic) return null;
  return (
    <RegistrationContext.Provider key={sponsor ?? ''} logic={logic} options={flowOptions({ input: registrationInput(tenant, sponsor) })}>
      <RegistrationView />
    </RegistrationContext.Provider>
  );
}
