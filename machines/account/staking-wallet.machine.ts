// Staking wallet (spec §2 "Staking wallet form", §5): the member saves the wallet address; spaces are
// trimmed, an address that is not Ethereum-style cannot be saved ("This address is not valid."); a saved
// address gives the success notice and the wallet is fetched again.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf } from '../../domain/app-error';
import { walletAddressField } from './staking-wallet.schema';
import type { StakingWalletContext, StakingWalletEvent } from './staking-wallet.types';

export const stakingWalletMachine = setup({
  types: {
    context: {} as StakingWalletContext,
    events: {} as StakingWalletEvent,
  },
  actors: {
    saveWallet: notProvidedActor<void, { address: string }>('saveWallet'),
  },
  actions: {
    /** The success notice, and the wallet fetched again. */
    confirmSaved: notProvidedAction('confirmSaved'),
  },
  guards: {
    isAddressValid: ({ event }) => v.is(walletAddressField, event.address),
  },
}).createMachine({
  id: 'stakingWallet',
  context: { address: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'The member types the wallet address; an invalid one cannot be saved.' },
      on: {
        'wallet.submit': {
          guard: 'isAddressValid',
          target: 'saving',
          actions: assign({ address: ({ event }) => event.address.trim(), error: null }),
          meta: { description: 'Member saves the address' },
        },
      },
    },
    saving: {
      meta: { description: 'The server saves the address.' },
      tags: ['busy'],
      invoke: {
        id: 'saveWallet',
        src: 'saveWallet',
        input: ({ context }) => ({ address: context.address }),
        onDone: { target: 'editing', actions: 'confirmSaved', meta: { description: 'Wallet saved' } },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorOf(event) }), meta: { description: 'Save refused' } },
      },
    },
  },
});
