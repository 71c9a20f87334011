import { Outlet, createFileRoute, redirect, useMatch } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { enforceAccess } from '../app/route-guard';
import { AuthLayout } from '../features/shell/auth-layout';
import { NewVersionNotice } from '../features/app-status/new-version-notice';
import { registrationSponsor } from '../lib/sponsor';

const Invitation = lazy(() => import('../features/auth/invitation'));

/** With single sign-on, these auth-layout pages stay; the others hand over to the authorisation page. */
const ssoOwnPages = new Set(['/oauthlogin', '/logout', '/autologin']);

// The auth layout. Login and OAuth login are public; logout and autologin always pass; the rest live in _guest.
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    enforceAccess('public', context);
    if (context.tenant?.whiteLabel.oauth2 && !ssoOwnPages.has(location.pathname)) {
      throw redirect({ to: '/oauthlogin', replace: true });
    }
  },
  component: AuthPage,
});

function AuthPage() {
  return (
    <AuthLayout
      banner={
        <>
          <NewVersionNotice />
          <RegistrationInvitation />
        </>
      }
    >
      <Outlet />
    </AuthLayout>
  );
}

/** The inviter of a registration (referral link or sponsor cookie), above the form. */
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
