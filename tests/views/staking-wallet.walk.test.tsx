// @vitest-environment jsdom
// The staking wallet flow's model paths, walked through the real profile page's staking block.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StakingWalletEvent } from '../../machines/account/staking-wallet.types';
import { avatarMachine } from '../../machines/account/avatar.machine';
import { profileMachine } from '../../machines/account/profile.machine';
import { ProfileView } from '../../src/features/account/profile-view';
import { stakingWalletQueryOptions } from '../../src/api/account';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderView, testTenant } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { stakingWalletModel } from '../models/staking-wallet.model';
import { me, memberQueryClient } from '../support/member';

const section = () => screen.getByRole('region', { name: 'Staking wallet' });

const gestures = {
  'wallet.submit': async (user, event) => {
    const input = within(section()).getByLabelText(/^Wallet address/);
    await user.clear(input);
    if (event.address) await user.type(input, event.address);
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
  },
} satisfies { [K in StakingWalletEvent['type']]: Gesture<Extract<StakingWalletEvent, { type: K }>> };

describe('staking wallet view', () => {
  for (const modelPath of modelPaths(stakingWalletModel)) {
    it(modelPath.title, async () => {
      const queryClient = memberQueryClient();
      queryClient.setQueryData(stakingWalletQueryOptions(testTenant.uuid, me.uuid).queryKey, {
        moduleStakingWallet: { wallet_address: null },
      } as never);
      await walkPath(modelPath, {
        machine: stakingWalletModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          const save = within(section()).getByRole('button', { name: 'Save' });
          if (snapshot.hasTag('busy')) expect(save).toHaveAttribute('data-loading', 'true');
          if (snapshot.context.error) expect(within(section()).getByRole('alert')).toHaveTextContent(appErrorText(snapshot.context.error));
          else expect(within(section()).queryByRole('alert')).toBeNull();
        },
        render: (logic, input, clock) => {
          let actor: any;
          renderView(
            <ProfileView
              profile={{ logic: profileMachine, options: { input: { allowEditName: true } } } as never}
              avatar={{ logic: avatarMachine, options: { input: { canReadFiles: true } } } as never}
              stakingWallet={
                {
                  logic,
                  options: {
                    input,
                    clock,
                    inspect: (event: { type: string; actorRef: any }) => {
                      if (event.type === '@xstate.actor' && event.actorRef.logic === logic) actor = event.actorRef;
                    },
                  },
                } as never
              }
            />,
            { queryClient },
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
