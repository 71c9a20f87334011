// English text for field codes: the codes of machines/shared/validation.ts plus the server's own. A
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
    default:
      return message;
  }
}
