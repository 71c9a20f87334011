import type { AppError, Outcome } from '../../domain/app-error';
import type { SubscriptionPeriod } from './tariffs.types';

export interface SubscriptionContext {
  /** The modal's type (calls §4 "Subscription modal type"). */
  type: 'activate' | 'change';
  period: SubscriptionPeriod;
  error: AppError | null;
  invoiceId: string | null;
}

export type SubscriptionEvent =
  /** Activate or Change: `active` (a subscription runs now) makes it a change, else an activation. */
  | { type: 'dialog.open'; active: boolean }
  | { type: 'period.change'; period: SubscriptionPeriod }
  | { type: 'subscription.submit' }
  | { type: 'dialog.close' };

/** The invoice of the period, or why not: the member does not own the portal, or the period is not offered. */
export type ActivateSubscriptionOutcome = Outcome<{ invoiceId: string }, 'NotTenantOwner' | 'SubscriptionUnavailable'>;
