import { createFileRoute, useLocation } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { LoginContext } from '../../features/auth/auth.contexts';
import { LoginView } from '../../features/auth/login-view';
import { createLoginLogic, loginInput } from '../../app/flows/auth';
import { flowOptions } from '../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/login')({
  staticData: { title: msg`Log in` },
  validateSearch: v.object({ s: v.fallback(v.optional(v.picklist(['expired', 'logout'])), undefined) }),
  component: LoginPage,
});

function LoginPage() {
  const { s } = Route.useSearch();
  const { tenant } = Route.useRouteContext();
  // The phone variant shows when the URL hash is #phone.
  const method = useLocation({ select: (location) => (location.hash === 'phone' ? 'phone' : 'email') });
  return (
    <LoginContext.Provider key={method} logic={createLoginLogic(tenant)} options={flowOptions({ input: loginInput(tenant, method) })}>
      <LoginView notice={s} />
    </LoginContext.Provider>
  );
}
