import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { AutologinProvider } from '../../app/flows/auth-sso';
import { SigningInView } from '../../features/auth/signing-in-view';

export const Route = createFileRoute('/_auth/autologin')({
  staticData: { title: msg`Signing you in` },
  component: AutologinPage,
});

function AutologinPage() {
  return (
    <AutologinProvider>
      <SigningInView />
    </AutologinProvider>
  );
}
