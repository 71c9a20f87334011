import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { OAuthLoginContext } from '../../features/auth/flow-contexts';
import { OAuthLoginView } from '../../features/auth/oauth-login-view';
import { oauthLoginLogic } from '../../app/flows/single-sign-on';
import { takeReturnedState } from '../../app/sso';
import { flowOptions } from '../../lib/flow-inspection';

const searchSchema = v.object({
  s: v.fallback(v.optional(v.picklist(['logout'])), undefined),
  code: v.fallback(v.optional(v.string()), undefined),
  state: v.fallback(v.optional(v.string()), undefined),
  error: v.fallback(v.optional(v.string()), undefined),
});

export const Route = createFileRoute('/_auth/oauthlogin')({
  staticData: { title: msg`Single sign-on` },
  validateSearch: searchSchema,
  component: OAuthLoginPage,
});

function OAuthLoginPage() {
  const search = Route.useSearch();
  const { tenant } = Route.useRouteContext();
  // The returned state is compared once with the one this tab sent, and forgotten.
  const [input] = useState(() => ({
    code: search.code ?? null,
    stateMatches: search.code ? takeReturnedState(search.state ?? null) : false,
    failedUpstream: search.error !== undefined,
    signedOut: search.s === 'logout',
  }));
  if (!tenant) return null;
  return (
    <OAuthLoginContext.Provider logic={oauthLoginLogic(tenant)} options={flowOptions({ input })}>
      <OAuthLoginView />
    </OAuthLoginContext.Provider>
  );
}
