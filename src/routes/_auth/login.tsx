import { createFileRoute, useLocation } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { LoginView } from '../../features/auth/login-view';
import { LoginProvider } from '../../app/flows/auth';
import { returnPathPattern } from '../../app/router/navigation';

export const Route = createFileRoute('/_auth/login')({
  staticData: { title: msg`Log in` },
  validateSearch: v.object({
    s: v.fallback(v.optional(v.picklist(['expired', 'logout'])), undefined),
    // Where to go once signed in (a visitor's Invest on /projects): a path of this portal only.
    to: v.fallback(v.optional(v.pipe(v.string(), v.regex(returnPathPattern))), undefined),
  }),
  component: LoginPage,
});

function LoginPage() {
  const { s } = Route.useSearch();
  // The phone variant shows when the URL hash is #phone.
  const method = useLocation({ select: (location) => (location.hash === 'phone' ? 'phone' : 'email') });
  return (
    <LoginProvider method={method}>
      <LoginView notice={s} />
    </LoginProvider>
  );
}
