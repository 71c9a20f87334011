// Translated text for the field codes of domain/validation.ts.
import { plural, t } from '@lingui/core/macro';

export function fieldErrorText(message: string | undefined | null): string | undefined {
  if (!message) return undefined;
  const [code, arg = ''] = message.split(':');
  switch (code) {
    case 'required':
      return t`This field is required`;
    case 'email':
      return t`Enter a valid email address`;
    case 'maxLength':
      return plural(Number(arg), { one: 'Use at most # character', other: 'Use at most # characters' });
    case 'minLength':
      return plural(Number(arg), { one: 'Use at least # character', other: 'Use at least # characters' });
    case 'length':
      return plural(Number(arg), { one: 'Enter exactly # character', other: 'Enter exactly # characters' });
    case 'digits':
      return t`Use digits only`;
    case 'passwordDigit':
      return t`The password needs at least one digit`;
    case 'passwordLowercase':
      return t`The password needs at least one lowercase letter`;
    case 'passwordUppercase':
      return t`The password needs at least one uppercase letter`;
    case 'mismatch':
      return t`The values do not match`;
    case 'phone':
      return t`Enter a valid international phone number starting with +`;
    case 'supportCode':
      return t`The support code has exactly 6 digits`;
    case 'walletAddress':
      return t`This address is not valid.`;
    case 'notAllowed':
      return t`This field cannot be changed`;
    case 'imageType':
      return t`Use a PNG or JPG image`;
    case 'imageSize':
      return t`The image is too large`;
    case 'emailTaken':
      return t`This email is already registered`;
    case 'sponsorInvalid':
      return t`This referral link is not valid`;
    case 'eitherSourceOrUuid':
      return t`Either source or uuid is required`;
    case 'characters':
      return t`Remove control characters and direction overrides`;
    case 'recoveryCodesUnsaved':
      return t`Save the recovery codes first: they are shown only now.`;
    case 'recoveryCode':
      return t`Enter a recovery code as shown, like 7k2mq-x9b4d`;
    // The shop's and payments' codes (server/field-messages.ts has the server's English for each).
    case 'integer':
      return t`Enter a whole number`;
    case 'minValue':
      return t`Enter at least ${arg}`;
    case 'maxValue':
      return t`Enter at most ${arg}`;
    case 'decimal':
      return t`Enter an amount with at most 2 decimals`;
    case 'invalidId':
      return t`This id is not valid`;
    case 'anonymousId':
      return t`This cart cannot be read. Reload the page and try again`;
    case 'billingCycle':
    case 'cycleNotOffered':
      return t`This product is not sold in this billing cycle`;
    case 'unknownProduct':
      return t`This product is not available`;
    case 'currencyMismatch':
      return t`This product is priced in another currency than the cart`;
    case 'notInCart':
      return t`This product is no longer in the cart`;
    case 'sortOrder':
      return t`Choose one of the sort orders offered`;
    case 'unknownCurrency':
      return t`This currency is not available`;
    case 'invoiceStatus':
      return t`Choose one of the invoice statuses offered`;
    case 'choice':
      return t`Choose one of the options offered`;
    case 'brokerAccount':
      return t`Use letters, digits, dots and dashes only`;
    case 'credential':
      return t`Paste the key as the exchange shows it, without spaces`;
    case 'idempotencyKey':
      return t`This request could not be sent. Please try again`;
    case 'notTariff':
      return t`This tariff is not available any more.`;
    case 'subscriptionPeriod':
      return t`Choose monthly, quarterly, semiannual or annual.`;
    default:
      return message;
  }
}
