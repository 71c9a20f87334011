// What the deals area holds (spec §3 Deal, calls §4 deal statuses, calls §9 "$"; issue 30): a member's deals and
// their team's as the contract sends them (amounts are Decimal strings in US dollars).
import type { DealStatus } from '../../domain/deals';
import type { Decimal } from '../../domain/money';

/** When a deal reached a status. */
export interface DealStage {
  status: DealStatus;
  at: string;
}

export interface Deal {
  id: string;
  /** The filer's answers; null in a team deal (the team sees the deal, not the person's file). */
  firstName: string | null;
  lastName: string | null;
  job: string | null;
  maritalStatus: string | null;
  kids: string | null;
  distanceToSea: string | null;
  paymentScheme: string | null;
  readiness: string | null;
  contacts: string | null;
  status: DealStatus;
  currency: string;
  /** Null until the operator sets them. */
  transactionAmount: Decimal | null;
  transactionFee: Decimal | null;
  referrerFee: Decimal | null;
  /** What the signed-in member earns from it (their referral's deal), null until the fee is set. */
  viewerFee: Decimal | null;
  feePaid: boolean;
  declineReason: string | null;
  /** The filer, shortened ("Olena K."). */
  memberName: string;
  /** Levels below the viewer (0: their own deal). */
  level: number;
  history: DealStage[];
  createdAt: string;
}
