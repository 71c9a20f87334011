import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef } from '@xstate/react';
import { autologinLogic } from '../../app/flows/account';
import { afterLoginInput } from '../../app/flows/common';
import { SigningInView } from '../../features/auth/signing-in-view';
import { flowOptions } from '../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/autologin')({
  staticData: { title: msg`Signing you in` },
  component: AutologinPage,
});

/** Reads #access_token=...&expires_in=... once and takes it out of the address bar and history. */
function takeHandedOverSession() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, '', window.location.pathname);
  const accessToken = fragment.get('access_token');
  const expiresIn = Number(fragment.get('expires_in'));
  return accessToken && Number.isFinite(expiresIn) && expiresIn > 0 ? { access_token: accessToken, expires_in: expiresIn } : null;
}

function AutologinPage() {
  const { tenant } = Route.useRouteContext();
  const [session] = useState(takeHandedOverSession);
  useActorRef(
    autologinLogic,
    flowOptions({
      input: { session, ...(tenant ? afterLoginInput(tenant) : { productsModuleOn: false, hasStoredProducts: false }) },
    }),
  );
  return <SigningInView />;
}
