import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef } from '@xstate/react';
import { autologinInput, createAutologinLogic } from '../../app/flows/auth-sso';
import { SigningInView } from '../../features/auth/signing-in-view';
import { flowOptions } from '../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/autologin')({
  staticData: { title: msg`Signing you in` },
  component: AutologinPage,
});

function AutologinPage() {
  const { tenant } = Route.useRouteContext();
  // The handed-over session is read once, and leaves the address bar at once.
  const [input] = useState(() => autologinInput(tenant));
  useActorRef(createAutologinLogic(tenant), flowOptions({ input }));
  return <SigningInView />;
}
