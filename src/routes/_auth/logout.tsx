import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { createLogoutLogic } from '../../app/flows/auth';
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
  useActorRef(createLogoutLogic(tenant), flowOptions({ input: { reason: s, oauth: tenant.whiteLabel.oauth2 } }));
  return <SigningOutView />;
}
