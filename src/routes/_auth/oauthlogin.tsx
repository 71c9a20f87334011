import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { OAuthLoginView } from '../../features/auth/oauth-login-view';
import { OAuthLoginProvider } from '../../app/flows/auth-sso';

const text = v.fallback(v.optional(v.string()), undefined);

export const Route = createFileRoute('/_auth/oauthlogin')({
  staticData: { title: msg`Single sign-on` },
  validateSearch: v.object({ s: v.fallback(v.optional(v.picklist(['logout'])), undefined), code: text, state: text, error: text }),
  component: OAuthLoginPage,
});

function OAuthLoginPage() {
  return (
    <OAuthLoginProvider search={Route.useSearch()}>
      <OAuthLoginView />
    </OAuthLoginProvider>
  );
}
