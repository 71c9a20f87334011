// The text a member sees for an AppError (spec §8 "Message selection" and "Texts").
import { t } from '@lingui/core/macro';
import type { AppError, AppErrorReason } from '../../domain/app-error';
import { depositAmount } from '../../domain/limits';
import { fieldErrorText } from './field-errors';

export const defaultErrorText = () => t`Ooops! Something went wrong, please apply to the support chat.`;
export const invalidLoginText = () => t`Invalid login or password. Please try again.`;
export const sessionExpiredText = () => t`Session expired. Please re-login.`;
export const incorrectCodeText = () => t`Incorrect verification code. The code must be 6 characters.`;
export const referralOnlyText = () => t`Registration is possible via referral link only.`;
export const savedText = () => t`Saved successfully.`;

/**
 * Texts of the named outcomes (extensions.reason), one entry per reason of the contract, so a new reason
 * does not compile until it is decided here. null: the reason is a step of a flow (the form changes), or
 * its category's text says it best.
 */
const reasonTexts: Record<AppErrorReason, ((error: AppError) => string) | null> = {
  TwoFaError: null,
  TwoFaCodeError: () => incorrectCodeText(),
  NotVerified: null,
  UserNotFound: null,
  InvalidLogin: null,
  TenantNotFound: null,
  TooManyAttempts: (error) => {
    const seconds = error.retryAfter ?? 60;
    return t`Too many attempts. Try again in ${seconds} s.`;
  },
  ReferralLinkOnly: () => referralOnlyText(),
  CodeExpired: () => t`The code has expired or was used up. Ask for a new one.`,
  InvalidLink: () => t`This link is not valid any more. Ask for a new one.`,
  InvalidOAuthCode: () => t`Single sign-on failed. Sign in again.`,
  TwoFaAlreadyOn: () => t`Two-factor authentication is already on.`,
  TwoFaAlreadyOff: () => t`Two-factor authentication is already off.`,
  TwoFaNotStarted: () => t`Too many wrong codes. Start the activation again.`,
  WrongCode: () => incorrectCodeText(),
  PromoNotFound: () => t`This promo code does not exist.`,
  PromoExpired: () => t`This promo code has expired.`,
  PromoUsedUp: () => t`This promo code has been used up.`,
  PromoAlreadyUsed: () => t`You have already used this promo code.`,
  PromoNotCovering: () => t`This promo code does not apply to every product in the cart, so it was removed.`,
  OrderNotFound: () => t`This cart is no longer available.`,
  CartEmpty: () => t`The cart is empty.`,
  InvoiceNotFound: () => t`Invoice not found.`,
  InvoiceAlreadyPaid: () => t`This invoice is already paid.`,
  InsufficientBalance: () => t`Insufficient balance for an invoice.`,
  InvestmentFinished: () => t`This plan has already finished.`,
  FundraisingFinished: () => t`Fundraising finished, so no investing.`,
  TariffCap: () => t`Your tariff does not allow this much in this project. The most you can invest here is shown beside the amount.`,
  GoalExceeded: () => t`Less is left of this project's goal now. The most you can invest is shown beside the amount.`,
  NoProductsBought: () => t`A license request is impossible when no products are bought.`,
  NoLicensesLeft: () => t`A license request is impossible: all licenses are already issued or under review.`,
  ApiKeyInvalid: () => t`API key invalid on an account connection: create a new key and edit the account.`,
  IpNotAllowed: () => t`The exchange refused our server's address: remove the key's IP restriction or add our server's address to it.`,
  ApiKeyCannotTrade: () => t`This key cannot trade. Create a key with the trading right.`,
  ApiKeyCanWithdraw: () => t`This key can withdraw funds. Create a key without the withdrawal right: the portal never needs it.`,
  AccountNotQualified: () => t`Account not qualified for the Free Plan.`,
  ExchangeMaintenance: () => t`The exchange is in maintenance. Nothing was saved: try again later.`,
  ExchangeUnavailable: () => t`The exchange cannot be reached right now. Nothing was saved: try again in a minute.`,
  ApiKeyInUse: () => t`This key is already used by an account on this portal. If it is yours, edit that account.`,
  ExchangeAccountSuspended: () => t`The exchange has suspended this account. Settle it with the exchange, then try again.`,
  AccountLimitReached: () => t`Your services allow no more exchange accounts. Upgrade your tariff to add one.`,
  ExchangeNotInService: () => t`Your services do not cover this exchange. Upgrade your tariff to add it.`,
  AccountNotFound: () => t`Account or strategy not found.`,
  AccountNotActive: () => t`Account not active: check the subscription and invoices.`,
  OverdueInvoices: () => t`Copy trading suspended because of overdue invoices.`,
  OwnStrategy: () => t`This is your own strategy: follow it with another member's account, not yours.`,
  StrategyInProbation: () => t`Linking is impossible during the probation period.`,
  StrategyFull: () => t`A trader reached the maximum number of followers.`,
  LinkingLimitReached: () => t`Your services allow no more linkings to strategies. Upgrade your tariff to link this account.`,
  AlreadyLinked: () => t`This account already follows a strategy or waits for a trader's answer. Choose another account.`,
  BelowMinimumDeposit: () => t`This account's balance is below the strategy's minimum deposit.`,
  RequestDecided: () => t`This request was already decided or has expired.`,
  ConnectionStateChanged: () => t`This connection's status has changed meanwhile. The page shows it as it is now.`,
  RaffleClosed: () => t`This raffle is closed: its tickets are no longer on sale.`,
  PremiumRequired: () => t`This raffle is for members with a premium tariff.`,
  SoldOut: () => t`Fewer tickets are left than you asked for. The most you can buy is shown beside the quantity.`,
  MaxTicketsReached: () => t`You hold as many tickets in this raffle as one member may.`,
  QuoteExpired: () => t`This price has expired. Get a new quote to buy at the current rate.`,
  QuoteNotFound: () => t`This quote was not found. Get a new one.`,
  RatesUnavailable: () => t`Prices cannot be fetched right now. Try again in a minute.`,
  GatewayUnavailable: () => t`This payment gateway is temporarily unavailable.`,
  AutomaticAcceptanceOff: () => t`We do not support automatic payment acceptance (contact support).`,
  AmountOutOfRange: () => {
    const { min, max } = depositAmount;
    return t`Enter an amount from ${min} to ${max}.`;
  },
  IdempotencyKeyReused: () => t`This request was already sent with other details. Please try again.`,
  TenantMismatch: () => t`This page belongs to another portal. Open your portal’s own address and try again.`,
  SingleSignOnOnly: () => t`This portal signs you in through single sign-on.`,
  EmailCodeRequired: () => t`Ask for the code by email and enter it.`,
  UpgradeNotAvailable: () => t`This upgrade is not available for your current tariff any more.`,
  PurchaseNotFound: () => t`Your current tariff was not found. It may have ended.`,
  SubscriptionUnavailable: () => t`The subscription is not available for this period.`,
  NotTenantOwner: () => t`Only the portal’s owner can activate the subscription.`,
  InvoiceCanceled: () => t`This invoice was canceled and can no longer be paid. Anything paid on it is back in your balance; start the purchase again.`,
  UpgradeStale: () =>
    t`This upgrade invoice is out of date: your tariff changed or a newer upgrade was started. Anything paid on it is back in your balance; open Tariffs to upgrade again.`,
  TwoFaRequired: () => t`Turn on two-factor authentication to withdraw.`,
  WithdrawalsSuspended: () => t`Withdrawals are suspended for your account.`,
  WithdrawalNotFound: () => t`Withdrawal not found.`,
  WithdrawalNotCancelable: () => t`This withdrawal is already being processed and can no longer be canceled.`,
  LevelAccessDenied: () => t`You do not have access to this level`,
};

function reasonText(error: AppError): string | null {
  return error.reason ? (reasonTexts[error.reason]?.(error) ?? null) : null;
}

export function appErrorText(error: AppError, options: { onLogin?: boolean } = {}): string {
  const named = reasonText(error);
  if (named) return named;
  switch (error.code) {
    case 'network':
    case 'internal':
      return defaultErrorText();
    case 'unavailable':
      return t`The server is restarting. Please try again in a few seconds.`;
    case 'invalidLogin':
      return invalidLoginText();
    case 'userNotFound':
      return options.onLogin ? invalidLoginText() : t`User not found or not active.`;
    case 'invalidCode':
      return incorrectCodeText();
    case 'authentication':
      return error.message ?? sessionExpiredText();
    case 'validation':
      // Field codes translate; a server that sends only text gets its text shown.
      if (error.fieldCodes) {
        return Object.values(error.fieldCodes)
          .flat()
          .map((code) => fieldErrorText(code) ?? code)
          .join('\n');
      }
      return error.message ?? t`Unknown Error`;
    case 'server':
      return error.message ?? t`Unknown Error`;
    case 'unknown':
      return t`Unknown Error`;
  }
}
