// The auth layout's page frame, composed from the areas it shows: the shell's auth layout, the
// new-version notice and the inviter of a registration (referral link or sponsor cookie).
import { Suspense, lazy, type ReactNode } from 'react';
import { useMatch } from '@tanstack/react-router';
import { AuthLayout } from '../features/shell/auth-layout';
import { NewVersionNotice } from '../features/app-status/new-version-notice';
import { registrationSponsor } from '../lib/sponsor';

const Invitation = lazy(() => import('../features/auth/invitation'));

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
