import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { VerifyEmailContext } from '../../../features/auth/auth-links.contexts';
import { VerifyEmailView } from '../../../features/auth/verify-email-view';
import { createVerifyEmailLogic } from '../../../app/flows/auth-links';
import { flowOptions } from '../../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/_guest/verifyemail/$id')({
  staticData: { title: msg`Email verification` },
  validateSearch: v.object({ email: v.fallback(v.string(), '') }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { id } = Route.useParams();
  const { email } = Route.useSearch();
  const { tenant } = Route.useRouteContext();
  return (
    <VerifyEmailContext.Provider key={id} logic={createVerifyEmailLogic(tenant)} options={flowOptions({ input: { token: id, email } })}>
      <VerifyEmailView />
    </VerifyEmailContext.Provider>
  );
}
