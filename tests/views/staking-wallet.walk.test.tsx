// @vitest-environment jsdom
// The staking wallet flow's model paths, walked through the real profile page's staking block.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StakingWalletEvent } from '../../machines/account/staking-wallet.types';
import { stakingWalletQueryOptions } from '../../src/api/account';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { testTenant } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { renderProfilePage, settingsTenant, walkedOptions } from './profile-walk-support';
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
          const walked = walkedOptions(logic, { input, clock });
          renderProfilePage({ stakingWallet: { logic, options: walked.options } }, { tenant: settingsTenant({ staking: true }), queryClient });
          return { snapshot: walked.snapshot };
        },
      });
    });
  }
});
