// The withdrawal request's fields (spec §5 "Withdrawal"), once: the values the form holds and the contract's
// name of each (WithdrawalRequestInput). The form, the withdrawal flow (which turns the server's field codes
// back into the form's fields) and the reference server (which names the fields it refuses) read them here.
import type { WithdrawalMethod } from './ledger';

/**
 * Why withdrawals are suspended (spec §3, §6): the account is suspended, the member has overdue invoices, or
 * transfers out of the account (external transactions) are on hold. The server and the portal word each.
 */
export const withdrawalSuspensions = ['account', 'overdue_invoices', 'external_transactions'] as const;
export type WithdrawalSuspension = (typeof withdrawalSuspensions)[number];

/** New payout details: the method and the fields of every method (only the chosen method's are sent). */
export interface WithdrawalDetailsValues {
  method: WithdrawalMethod;
  network: string;
  address: string;
  holderName: string;
  iban: string;
  bic: string;
  taxId: string;
  swift: string;
  accountNumber: string;
  bankName: string;
}

export interface WithdrawalFormValues extends WithdrawalDetailsValues {
  currency: string;
  amount: string;
  /** A saved template's id, or null for new details. */
  templateId: string | null;
  saveTemplate: boolean;
  templateName: string;
  confirmAccess: boolean;
  code: string;
}

export type WithdrawalField = keyof WithdrawalFormValues;

/** Form field → the contract's field (WithdrawalRequestInput), so errors name what the client sent. */
export const withdrawalContractFields: Readonly<Record<WithdrawalField, string>> = {
  currency: 'currency',
  amount: 'amount',
  templateId: 'template_id',
  method: 'method',
  network: 'network',
  address: 'address',
  holderName: 'holder_name',
  iban: 'iban',
  bic: 'bic',
  taxId: 'tax_id',
  swift: 'swift',
  accountNumber: 'account_number',
  bankName: 'bank_name',
  saveTemplate: 'save_template_name',
  templateName: 'save_template_name',
  confirmAccess: 'confirm_wallet_access',
  code: 'twofa_verification_code',
};

/** Every method's details, empty. */
export const blankWithdrawalDetails: Readonly<Omit<WithdrawalDetailsValues, 'method'>> = {
  network: '',
  address: '',
  holderName: '',
  iban: '',
  bic: '',
  taxId: '',
  swift: '',
  accountNumber: '',
  bankName: '',
};
