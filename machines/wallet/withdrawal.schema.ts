// The withdrawal form's rules (spec §5 "Withdrawal"): an amount within the currency's min and max (and what
// the wallet holds), a saved template or new payout details (crypto address on its network; IBAN, also
// Ukrainian with the payee's tax number; SWIFT with a numeric account number of 8-20 digits), the
// wallet-access confirmation, and the 6-digit two-factor code. The form's guards and the reference server
// check the same rules; messages are field codes (required, minAmount:10, iban, ...).
import * as v from 'valibot';
import { compare, type Decimal } from '../../domain/money';
import type { WithdrawalMethod } from '../../domain/ledger';
import { requiredText, sixDigitCode } from '../../domain/validation';
import {
  blankWithdrawalDetails,
  type WithdrawalDetailsValues,
  type WithdrawalField,
  type WithdrawalFormValues,
} from '../../domain/withdrawal-fields';
import { isUkrainianIban, isValidBic, isValidCryptoAddress, isValidIban, isCryptoNetwork } from './bank-details';

export type { WithdrawalDetailsValues, WithdrawalField, WithdrawalFormValues };

/** What a currency allows: its bounds, the wallet's available balance and the payout methods for it. */
export interface WithdrawalLimits {
  currency: string;
  min: Decimal;
  max: Decimal;
  available: Decimal;
  methods: readonly WithdrawalMethod[];
}

export type WithdrawalFieldErrors = Partial<Record<WithdrawalField, string>>;

/** Payee and bank names, template names. */
export const holderNameLength = { min: 2, max: 100 } as const;
export const templateNameLength = { min: 2, max: 50 } as const;
/** A SWIFT payout's account number: digits only, 8 to 20 of them. */
export const accountNumberLength = { min: 8, max: 20 } as const;
/** A Ukrainian payee's tax number (RNOKPP): 10 digits. */
export const taxIdLength = 10;

/** Numeric input (spec §5): digits and one decimal point, no leading zero, at most 2 decimals. */
export const amountPattern = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

const firstIssue = (schema: v.GenericSchema, value: unknown): string | undefined => {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0]?.message;
};

const digitsField = (min: number, max: number) =>
  v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(/^\d+$/, 'digits'),
    v.minLength(min, min === max ? `length:${min}` : `minLength:${min}`),
    v.maxLength(max, min === max ? `length:${max}` : `maxLength:${max}`),
  );

/** The amount's code, or undefined when it may be withdrawn. */
export function amountError(amount: string, limits: Pick<WithdrawalLimits, 'min' | 'max' | 'available'>): string | undefined {
  const value = amount.trim();
  if (value === '') return 'required';
  if (!amountPattern.test(value)) return 'amount';
  if (compare(value, limits.min) < 0) return `minAmount:${limits.min}`;
  if (compare(value, limits.max) > 0) return `maxAmount:${limits.max}`;
  if (compare(value, limits.available) > 0) return 'exceedsAvailable';
  return undefined;
}

/** New payout details' codes, field by field. */
export function detailsErrors(values: WithdrawalDetailsValues): WithdrawalFieldErrors {
  const errors: WithdrawalFieldErrors = {};
  const set = (field: WithdrawalField, code: string | undefined) => {
    if (code) errors[field] = code;
  };
  switch (values.method) {
    case 'crypto':
      if (!isCryptoNetwork(values.network)) set('network', 'required');
      if (values.address.trim() === '') set('address', 'required');
      else if (isCryptoNetwork(values.network) && !isValidCryptoAddress(values.network, values.address)) set('address', 'cryptoAddress');
      break;
    case 'iban':
      set('holderName', firstIssue(requiredText(holderNameLength.max, holderNameLength.min), values.holderName));
      if (values.iban.trim() === '') set('iban', 'required');
      else if (!isValidIban(values.iban)) set('iban', 'iban');
      if (values.bic.trim() !== '' && !isValidBic(values.bic)) set('bic', 'bic');
      if (isUkrainianIban(values.iban)) set('taxId', firstIssue(digitsField(taxIdLength, taxIdLength), values.taxId));
      break;
    case 'swift':
      set('holderName', firstIssue(requiredText(holderNameLength.max, holderNameLength.min), values.holderName));
      if (values.swift.trim() === '') set('swift', 'required');
      else if (!isValidBic(values.swift)) set('swift', 'bic');
      set('accountNumber', firstIssue(digitsField(accountNumberLength.min, accountNumberLength.max), values.accountNumber));
      set('bankName', firstIssue(requiredText(holderNameLength.max, holderNameLength.min), values.bankName));
      break;
  }
  return errors;
}

/**
 * Every field's code for the form as it is (empty: it may be sent). Limits are the chosen currency's; null
 * when no currency is chosen.
 */
export function withdrawalErrors(values: WithdrawalFormValues, limits: WithdrawalLimits | null): WithdrawalFieldErrors {
  const errors: WithdrawalFieldErrors = {};
  if (!limits) errors.currency = 'required';
  else {
    const amount = amountError(values.amount, limits);
    if (amount) errors.amount = amount;
    if (values.templateId === null) {
      if (!limits.methods.includes(values.method)) errors.method = 'required';
      else Object.assign(errors, detailsErrors(values));
      if (values.saveTemplate) {
        const name = firstIssue(requiredText(templateNameLength.max, templateNameLength.min), values.templateName);
        if (name) errors.templateName = name;
      }
    }
  }
  if (!values.confirmAccess) errors.confirmAccess = 'walletAccess';
  const code = firstIssue(sixDigitCode, values.code);
  if (code) errors.code = code;
  return errors;
}

/**
 * What the form sends: only the fields of the chosen payout (a template's id, or the method's own details),
 * so details typed for another method or wallet never travel with the request.
 */
export function relevantValues(values: WithdrawalFormValues): WithdrawalFormValues {
  const common = { currency: values.currency, amount: values.amount, confirmAccess: values.confirmAccess, code: values.code };
  if (values.templateId !== null) {
    return { ...common, ...blankWithdrawalDetails, method: values.method, templateId: values.templateId, saveTemplate: false, templateName: '' };
  }
  const keep: Record<WithdrawalDetailsValues['method'], (keyof typeof blankWithdrawalDetails)[]> = {
    crypto: ['network', 'address'],
    iban: ['holderName', 'iban', 'bic', 'taxId'],
    swift: ['holderName', 'swift', 'accountNumber', 'bankName'],
  };
  const details = { ...blankWithdrawalDetails };
  for (const field of keep[values.method]) details[field] = values[field];
  return {
    ...common,
    ...details,
    method: values.method,
    templateId: null,
    saveTemplate: values.saveTemplate,
    templateName: values.saveTemplate ? values.templateName : '',
  };
}

export const hasErrors = (errors: WithdrawalFieldErrors) => Object.keys(errors).length > 0;
