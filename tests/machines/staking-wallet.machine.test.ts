import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { stakingWalletMachine } from '../../machines/account/staking-wallet.machine';

describe('staking wallet', () => {
  it('refuses an address that is not Ethereum-style and saves a padded good one trimmed', async () => {
    const save = vi.fn();
    const confirmSaved = vi.fn();
    const actor = createActor(
      stakingWalletMachine.provide({ actors: { saveWallet: fromPromise(async ({ input }) => void save(input)) }, actions: { confirmSaved } }),
    ).start();
    actor.send({ type: 'wallet.submit', address: '0x123' });
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'wallet.submit', address: '  0x52908400098527886E0F7030069857D2E4169EE7 ' });
    await waitFor(actor, (s) => s.matches('editing') && confirmSaved.mock.calls.length > 0);
    expect(save).toHaveBeenCalledWith({ address: '0x52908400098527886E0F7030069857D2E4169EE7' });
  });
});
