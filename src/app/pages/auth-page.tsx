// The auth layout's page frame, composed from the areas it shows: the shell's auth layout, the
// new-version notice and the inviter of a registration (referral link or sponsor cookie).
import { Suspense, lazy, type ReactNode } from 'react';
import { useMatch } from '@tanstack/react-router';
import { AuthLayout } from '../../features/shell/auth-layout';
import { NewVersionNotice } from '../../features/app-status/new-version-notice';
import { registrationSponsor } from '../../lib/sponsor';

// The inviter is the auth layout's only server data: it loads with the query client's code (which /login's
// first load does without, src/app/router/query-client-loader.ts).
const Invitation = lazy(async () => {
  const [{ default: Inviter }, { QueryScope }] = await Promise.all([import('../../features/auth/invitation'), import('../router/query-scope')]);
  return {
    default: ({ sponsor }: { sponsor: string }) => (
      <QueryScope>
        <Inviter sponsor={sponsor} />
      </QueryScope>
    ),
  };
});

export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <AuthLayout
      banner={
        <>
          <NewVersionNotice />
          <RegistrationInvitation />
        </>
      }
    >
      {children}
    </AuthLayout>
  );
}

/** The inviter of a registration, above the form. */
function RegistrationInvitation() {
  const registration = useMatch({ from: '/_auth/_guest/register/{-$id}', shouldThrow: false });
  const sponsor = registration ? registrationSponsor(registration.params.id) : null;
  if (!sponsor) return null;
  return (
    <Suspense fallback={null}>
      <Invitation sponsor={sponsor} />
    </Suspense>
  );
}
