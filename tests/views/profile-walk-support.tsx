// The settings page as its route renders it, for the walks of its flows: the profile view inside the profile,
// avatar and staking wallet flows. Each flow runs the logic a walk gives it (the plain machine otherwise); the
// walked one is found among the actors the inspector sees.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyActorLogic } from 'xstate';
import { avatarMachine } from '../../machines/account/avatar.machine';
import { profileMachine } from '../../machines/account/profile.machine';
import { stakingWalletMachine } from '../../machines/account/staking-wallet.machine';
import { AvatarContext, ProfileContext, StakingWalletContext } from '../../src/features/account/account.contexts';
import { ProfileView } from '../../src/features/account/profile-view/profile-view';
import type { TenantConfig } from '../../src/lib/tenant';
import { memberQueryClient } from '../support/member';
import { renderView, testTenant } from '../support/render';

interface FlowMount {
  logic: AnyActorLogic;
  options?: Record<string, unknown>;
}

interface ProfilePageFlows {
  profile?: FlowMount;
  avatar?: FlowMount;
  stakingWallet?: FlowMount;
}

/** The tenant: whether the name may be edited, and whether it has the staking module (the staking block). */
export const settingsTenant = ({ allowEditName = true, staking = false } = {}): TenantConfig => ({
  ...testTenant,
  whiteLabel: {
    ...testTenant.whiteLabel,
    allow_edit_name: allowEditName,
    modules: staking ? [{ module: 'staking' }] : [],
  } as TenantConfig['whiteLabel'],
});

/** Options that find the actor running `logic` (the walked flow), for its snapshot. */
export function walkedOptions(logic: unknown, options: Record<string, unknown>) {
  let actor: { getSnapshot: () => any } | undefined;
  return {
    options: {
      ...options,
      inspect: (event: { type: string; actorRef: any }) => {
        if (event.type === '@xstate.actor' && event.actorRef.logic === logic) actor = event.actorRef;
      },
    },
    snapshot: () => actor!.getSnapshot(),
  };
}

export function renderProfilePage(
  flows: ProfilePageFlows,
  { tenant = settingsTenant(), queryClient = memberQueryClient() }: { tenant?: TenantConfig; queryClient?: QueryClient } = {},
) {
  const profile = flows.profile ?? { logic: profileMachine, options: { input: { allowEditName: tenant.whiteLabel.allow_edit_name } } };
  const avatar = flows.avatar ?? { logic: avatarMachine, options: { input: { canReadFiles: true } } };
  const stakingWallet: FlowMount = flows.stakingWallet ?? { logic: stakingWalletMachine };
  renderView(
    <ProfileContext.Provider logic={profile.logic as typeof profileMachine} options={profile.options}>
      <AvatarContext.Provider logic={avatar.logic as typeof avatarMachine} options={avatar.options}>
        <StakingWalletContext.Provider logic={stakingWallet.logic as typeof stakingWalletMachine} options={stakingWallet.options}>
          <ProfileView />
        </StakingWalletContext.Provider>
      </AvatarContext.Provider>
    </ProfileContext.Provider>,
    { tenant, queryClient },
  );
}
