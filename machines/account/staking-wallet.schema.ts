// Staking wallet address (spec §5): required, an Ethereum-style address, spaces trimmed.
import * as v from 'valibot';

export const walletAddressField = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'walletAddress'),
);

export const stakingWalletSchema = v.object({ walletAddress: walletAddressField });
