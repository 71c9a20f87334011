// Translated names of the wallet's fixed vocabularies: withdrawal statuses, payout methods, field codes.
import { t } from '@lingui/core/macro';
import type { WithdrawalMethod, WithdrawalStatus } from '../../../domain/ledger';
import { fieldErrorText } from '../../lib/field-errors';
import { formatAmount } from '../../lib/format';

export const withdrawalStatusText = (status: string): string => {
  switch (status as WithdrawalStatus) {
    case 'new':
      return t`New`;
    case 'requested':
      return t`Requested`;
    case 'pending':
      return t`Pending`;
    case 'canceled':
      return t`Canceled`;
    case 'completed':
      return t`Completed`;
    default:
      return status;
  }
};

export const methodText = (method: string): string => {
  switch (method as WithdrawalMethod) {
    case 'crypto':
      return t`Crypto wallet`;
    case 'iban':
      return t`Bank account (IBAN)`;
    case 'swift':
      return t`Bank transfer (SWIFT)`;
    default:
      return method;
  }
};

/** The withdrawal form's own field codes, then the shared ones. */
export function withdrawalFieldText(code: string | null): string | undefined {
  if (!code) return undefined;
  const [name, arg = ''] = code.split(':');
  switch (name) {
    case 'amount':
      return t`Enter an amount with digits and at most 2 decimals`;
    case 'minAmount':
      return t`The smallest withdrawal is ${formatAmount(arg)}`;
    case 'maxAmount':
      return t`The largest withdrawal is ${formatAmount(arg)}`;
    case 'exceedsAvailable':
      return t`This is more than the wallet's available balance`;
    case 'iban':
      return t`This IBAN is not valid`;
    case 'bic':
      return t`This BIC/SWIFT code is not valid`;
    case 'cryptoAddress':
      return t`This address is not valid for the chosen network`;
    case 'walletAccess':
      return t`Confirm that you have access to this wallet or account`;
    case 'unknownTemplate':
      return t`This template is not available`;
    case 'templateMethod':
      return t`This template cannot be used for this wallet`;
    case 'templateNameTaken':
      return t`You already have a template with this name`;
    case 'unknownCurrency':
      return t`Withdrawals from this wallet are not available`;
    case 'code':
      return t`Incorrect verification code. The code must be 6 characters.`;
    case 'codeUsed':
      return t`This code was already used. Wait for the next code in your authenticator app.`;
    default:
      return fieldErrorText(code);
  }
}
