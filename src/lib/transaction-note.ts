// A transaction's note in the member's language (issue 33), built from its type and the figures the ledger
// row carries (WalletTransaction.details), never from the server's English note. Names (a product, plan,
// project, raffle, rank or coin) are the tenant's and shown as written.
import { plural, t } from '@lingui/core/macro';

export interface TransactionNoteDetails {
  invoice_tag?: string | null;
  subject?: string | null;
  count?: number | null;
  ref?: string | null;
  reason?: string | null;
}

/** Why a movement happened, where the reason says more than its type. */
function reasonNote(reason: string, { invoice_tag: tag, subject }: TransactionNoteDetails): string | null {
  switch (reason) {
    case 'opening_balance':
      return t`Opening balance`;
    case 'referral_payout':
      return t`Referral earnings payout`;
    case 'goal_not_reached':
      return subject ? t`${subject}: the goal was not reached` : t`The goal was not reached`;
    case 'too_few_tickets':
      return subject ? t`${subject}: too few tickets were sold` : t`Too few tickets were sold`;
    case 'invoice_canceled':
      return tag ? t`Paid on invoice ${tag}, which was canceled` : null;
    case 'already_paid':
      return tag ? t`Payment for invoice ${tag}, which was already paid` : null;
    case 'already_canceled':
      return tag ? t`Payment for invoice ${tag}, which was canceled` : null;
    case 'already_refunded':
      return tag ? t`Payment for invoice ${tag}, which was refunded` : null;
    default:
      return null;
  }
}

/** The note under a transaction's type, or null where the type says it all. */
export function transactionNote(type: string, details: TransactionNoteDetails | null | undefined): string | null {
  if (!details) return null;
  const { invoice_tag: tag, subject, count, ref, reason } = details;
  const byReason = reason ? reasonNote(reason, details) : null;
  if (byReason) return byReason;
  switch (type) {
    case 'INVOICE':
    case 'SUBSCRIPTION':
      return subject ? t`Paid for ${subject}` : tag ? t`Invoice ${tag} paid` : null;
    case 'WALLET_REFILL':
      return tag ? t`Deposit by invoice ${tag}` : null;
    case 'OVERPAYMENT':
      return tag ? t`Overpaid on invoice ${tag}` : null;
    case 'ITO_TOKEN_DEPOSIT':
      return subject && tag ? t`Bought ${subject} by invoice ${tag}` : (subject ?? null);
    case 'WITHDRAWAL':
      return ref ? t`Withdrawal #${ref}` : null;
    case 'WITHDRAWAL_CANCELED':
      return ref ? t`Withdrawal #${ref} canceled` : null;
    case 'REAL_ESTATE_DEAL_BONUS':
      return ref ? t`Real-estate deal #${ref}` : null;
    case 'RANK_BONUS':
    case 'ONE_RANK_BONUS':
      return subject ? t`Rank: ${subject}` : null;
    case 'INVESTMENT_PLAN_WITHDRAW':
      if (count == null) return subject ?? null;
      return subject ? t`${subject}: profit for period ${count}` : t`Profit for period ${count}`;
    case 'CROWDFUNDING_PAYOUT_PROFIT':
      if (count == null) return subject ?? null;
      return subject ? t`${subject}: payout ${count}` : t`Payout ${count}`;
    case 'LOTTERY_TICKET':
      if (count == null) return subject ?? null;
      return subject ? t`${subject}: ${plural(count, { one: '# ticket', other: '# tickets' })}` : plural(count, { one: '# ticket', other: '# tickets' });
    case 'AIRDROP_RAFFLE_REWARD':
    case 'LOTTERY_PRIZE':
      if (count == null || !subject) return subject ?? null;
      return ref ? t`${subject}: prize for place ${count}, ticket ${ref}` : t`${subject}: prize for place ${count}`;
    default:
      return subject ?? (tag ? t`Invoice ${tag}` : null);
  }
}
