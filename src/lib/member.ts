// Rules about the signed-in member that more than one area shows (the shell's panel and header, the
// account pages): computed here once.
import { sum, type Decimal } from '../../domain/money';
import type { Me } from '../api/account';
import type { WhiteLabel } from './tenant';

/** Total of the member's wallets in USDT (wallets in BTC and AIV are already left out by the server). */
export function walletTotal(member: Pick<Me, 'wallet_balance'>): Decimal {
  return sum(member.wallet_balance.map((wallet) => wallet.usdt_value));
}

/**
 * The member's referral link, or null when the tenant does not show it: only with ref_link, and only
 * after a purchase when show_ref_link_only_after_purchase (spec §6).
 */
export function referralLink(
  whiteLabel: Pick<WhiteLabel, 'ref_link' | 'show_ref_link_only_after_purchase'>,
  member: Pick<Me, 'refid' | 'purchases'>,
  origin: string = window.location.origin,
): string | null {
  if (!whiteLabel.ref_link || !member.refid) return null;
  if (whiteLabel.show_ref_link_only_after_purchase && member.purchases.length === 0) return null;
  return `${origin}/register/${encodeURIComponent(member.refid)}`;
}
