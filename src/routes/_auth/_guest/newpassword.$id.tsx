import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { NewPasswordContext } from '../../../features/auth/auth-links.contexts';
import { NewPasswordView } from '../../../features/auth/new-password-view';
import { createNewPasswordLogic } from '../../../app/flows/auth-links';
import { flowOptions } from '../../../lib/flow-inspection';

export const Route = createFileRoute('/_auth/_guest/newpassword/$id')({
  staticData: { title: msg`New password` },
  validateSearch: v.object({ email: v.fallback(v.string(), '') }),
  component: NewPasswordPage,
});

function NewPasswordPage() {
  const { id } = Route.useParams();
  const { email } = Route.useSearch();
  const { tenant } = Route.useRouteContext();
  return (
    <NewPasswordContext.Provider key={id} logic={createNewPasswordLogic(tenant)} options={flowOptions({ input: { token: id, email } })}>
      <NewPasswordView />
    </NewPasswordContext.Provider>
  );
}
