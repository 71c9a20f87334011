import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { logoutLogic } from '../../app/flows/logout';
import { SigningOutView } from '../../features/auth/signing-out-view';
import { flowOptions } from '../../lib/flow-inspection';

const searchSchema = v.object({ s: v.optional(v.fallback(v.picklist(['expired', 'logout']), 'logout'), 'logout') });

export const Route = createFileRoute('/_auth/logout')({
  staticData: { title: msg`Log out` },
  validateSearch: searchSchema,
  component: LogoutPage,
});

function LogoutPage() {
  const { s } = Route.useSearch();
  const { tenant } = Route.useRouteContext();
  useActorRef(logoutLogic, flowOptions({ input: { reason: s, oauth: tenant?.whiteLabel.oauth2 ?? false } }));
  return <SigningOutView />;
}
