import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { LogoutProvider } from '../../app/flows/auth-logout';
import { SigningOutView } from '../../features/auth/signing-out-view';

const searchSchema = v.object({ s: v.optional(v.fallback(v.picklist(['expired', 'logout']), 'logout'), 'logout') });

export const Route = createFileRoute('/_auth/logout')({
  staticData: { title: msg`Log out` },
  validateSearch: searchSchema,
  component: LogoutPage,
});

function LogoutPage() {
  const { s } = Route.useSearch();
  return (
    <LogoutProvider reason={s}>
      <SigningOutView />
    </LogoutProvider>
  );
}
