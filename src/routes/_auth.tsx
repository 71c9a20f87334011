import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { enforceAccess } from '../app/router/route-guard';
import { AuthPage } from '../app/pages/auth-page';

/** With single sign-on, these auth-layout pages stay; the others hand over to the authorisation page. */
const ssoOwnPages = new Set(['/oauthlogin', '/logout', '/autologin']);

// The auth layout. Login and OAuth login are public; logout and autologin always pass; the rest live in _guest.
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    const { tenant } = enforceAccess('public', context);
    if (tenant.whiteLabel.oauth2 && !ssoOwnPages.has(location.pathname)) throw redirect({ to: '/oauthlogin', replace: true });
    return { tenant };
  },
  component: () => (
    <AuthPage>
      <Outlet />
    </AuthPage>
  ),
});
