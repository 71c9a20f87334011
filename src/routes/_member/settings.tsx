import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { sponsorQueryOptions } from '../../api/account';
import { AvatarProvider, ProfileProvider, StakingWalletProvider } from '../../app/flows/account';
import { ProfileView } from '../../features/account/profile-view/profile-view';

export const Route = createFileRoute('/_member/settings')({
  staticData: { title: msg`Settings` },
  loader: ({ context }) =>
    context.tenant.whiteLabel.show_sponsor_profile ? context.queryClient.ensureQueryData(sponsorQueryOptions()) : undefined,
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <ProfileProvider>
      <AvatarProvider>
        <StakingWalletProvider>
          <ProfileView />
        </StakingWalletProvider>
      </AvatarProvider>
    </ProfileProvider>
  );
}
