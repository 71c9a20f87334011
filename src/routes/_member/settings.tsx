import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { sponsorQueryOptions } from '../../api/account';
import { canReadFiles, createAvatarLogic, createProfileLogic, createStakingWalletLogic } from '../../app/flows/account';
import { flowOptions } from '../../lib/flow-inspection';
import { tenantFeatures } from '../../lib/tenant';
import { ProfileView } from '../../features/account/profile-view';

export const Route = createFileRoute('/_member/settings')({
  staticData: { title: msg`Settings` },
  loader: ({ context }) =>
    context.tenant.whiteLabel.show_sponsor_profile ? context.queryClient.ensureQueryData(sponsorQueryOptions()) : undefined,
  component: SettingsPage,
});

function SettingsPage() {
  const { tenant } = Route.useRouteContext();
  return (
    <ProfileView
      profile={{ logic: createProfileLogic(tenant), options: flowOptions({ input: { allowEditName: tenant.whiteLabel.allow_edit_name } }) }}
      avatar={{ logic: createAvatarLogic(tenant), options: flowOptions({ input: { canReadFiles: canReadFiles() } }) }}
      stakingWallet={
        tenantFeatures(tenant).staking ? { logic: createStakingWalletLogic(tenant), options: flowOptions({}) } : null
      }
    />
  );
}
