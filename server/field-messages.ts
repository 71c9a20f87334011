// English text for field codes: the codes of domain/validation.ts plus the server's own. A
// validation error carries both (extensions.fields: text, extensions.codes: codes), so the portal can
// show its own translation while any other client still gets readable text.

/** English text for a field code. */
export function spellOut(message: string): string {
  const [code, arg] = message.split(':');
  switch (code) {
    case 'required':
      return 'This field is required.';
    case 'email':
      return 'Enter a valid email address.';
    case 'maxLength':
      return `Use at most ${arg} characters.`;
    case 'minLength':
      return `Use at least ${arg} characters.`;
    case 'length':
      return `Enter exactly ${arg} characters.`;
    case 'digits':
      return 'Use digits only.';
    case 'passwordDigit':
      return 'The password needs a digit.';
    case 'passwordLowercase':
      return 'The password needs a lowercase letter.';
    case 'passwordUppercase':
      return 'The password needs an uppercase letter.';
    case 'mismatch':
      return 'The values do not match.';
    case 'emailTaken':
      return 'This email is already registered.';
    case 'sponsorInvalid':
      return 'This referral link is not valid.';
    case 'phone':
      return 'Enter a valid international phone number starting with +.';
    case 'supportCode':
      return 'The support code has exactly 6 digits.';
    case 'walletAddress':
      return 'This address is not valid.';
    case 'notAllowed':
      return 'This field cannot be changed.';
    case 'imageType':
      return 'Use a PNG or JPG image.';
    case 'imageSize':
      return 'The image is too large.';
    case 'eitherSourceOrUuid':
      return 'Either source or uuid is required.';
    case 'characters':
      return 'Remove control characters and direction overrides.';
    case 'recoveryCode':
      return 'Enter a recovery code as shown, like 7k2mq-x9b4d.';
    case 'integer':
      return 'Enter a whole number.';
    case 'minValue':
      return `Enter at least ${arg}.`;
    case 'maxValue':
      return `Enter at most ${arg}.`;
    case 'decimal':
      return 'Enter an amount with at most 2 decimals.';
    case 'invalidId':
      return 'This id is not valid.';
    case 'anonymousId':
      return 'Use letters, digits, - and _ only.';
    case 'billingCycle':
      return 'Choose onetime, monthly, quartally, semiannually or annually.';
    case 'cycleNotOffered':
      return 'This product is not sold in this billing cycle.';
    case 'unknownProduct':
      return 'This product is not available.';
    case 'currencyMismatch':
      return 'This product is priced in another currency than the cart.';
    case 'notInCart':
      return 'This product is not in the cart.';
    case 'sortOrder':
      return 'Unknown sort order.';
    case 'unknownCurrency':
      return 'This currency is not available.';
    case 'invoiceStatus':
      return 'Choose unpaid, paid, canceled or refunded.';
    case 'subscriptionPeriod':
      return 'Choose monthly, quarterly, semiannual or annual.';
    case 'notTariff':
      return 'This product is not a tariff.';
    case 'amount':
      return 'Enter an amount with digits and at most 2 decimals.';
    case 'minAmount':
      return `The smallest withdrawal is ${arg}.`;
    case 'maxAmount':
      return `The largest withdrawal is ${arg}.`;
    case 'iban':
      return 'This IBAN is not valid.';
    case 'bic':
      return 'This BIC/SWIFT code is not valid.';
    case 'cryptoAddress':
      return 'This address is not valid.';
    case 'walletAccess':
      return 'Confirm that you have access to this wallet.';
    case 'unknownTemplate':
      return 'This template is not available.';
    case 'templateMethod':
      return 'This template cannot be used for this currency.';
    case 'templateNameTaken':
      return 'You already have a template with this name.';
    case 'transactionType':
      return 'Unknown transaction type.';
    case 'historyRange':
      return 'Choose 7d, 30d, 3m, 6m or 12m.';
    case 'withdrawalStatus':
      return 'Choose new, requested, pending, canceled or completed.';
    case 'choice':
      return 'Choose one of the options offered.';
    case 'brokerAccount':
      return 'Use letters, digits, dots and dashes only.';
    case 'credential':
      return 'Paste the key as the exchange shows it, without spaces.';
    case 'idempotencyKey':
      return 'The idempotency key has 1-128 letters, digits or . _ : -';
    default:
      return message;
  }
}
