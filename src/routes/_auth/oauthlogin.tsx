import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { OAuthLoginContext } from '../../features/auth/auth-sso.contexts';
import { OAuthLoginView } from '../../features/auth/oauth-login-view';
import { createOAuthLoginLogic, oauthLoginInput } from '../../app/flows/auth-sso';
import { flowOptions } from '../../lib/flow-inspection';

const text = v.fallback(v.optional(v.string()), undefined);

export const Route = createFileRoute('/_auth/oauthlogin')({
  staticData: { title: msg`Single sign-on` },
  validateSearch: v.object({ s: v.fallback(v.optional(v.picklist(['logout'])), undefined), code: text, state: text, error: text }),
  component: OAuthLoginPage,
});

function OAuthLoginPage() {
  const search = Route.useSearch();
  const { tenant } = Route.useRouteContext();
  const [input] = useState(() => oauthLoginInput(search));
  return (
    <OAuthLoginContext.Provider logic={createOAuthLoginLogic(tenant)} options={flowOptions({ input })}>
      <OAuthLoginView />
    </OAuthLoginContext.Provider>
  );
}
