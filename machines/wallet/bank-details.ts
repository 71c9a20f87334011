// Payout details checks (spec §5 "Withdrawal": valid IBAN, also Ukrainian; SWIFT; BIC; numeric fields with
// their lengths): IBANs by their country's length and the ISO 13616 check digits (mod 97), BIC/SWIFT codes by
// ISO 9362, crypto addresses by their network's format. Written here rather than taken from a package: the
// whole rule is this table and one checksum, and the server and the form must agree on it exactly.

/** IBAN length per country (the SWIFT IBAN registry). */
export const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22,
  GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
  KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27,
  MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33,
  SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
};

/** An IBAN as typed ("de89 3704-0044 0532 0130 00") in its electronic form ("DE89370400440532013000"). */
export const normalizeIban = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** ISO 13616: the country's length and check digits that make the rearranged number ≡ 1 (mod 97). */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (ibanLengths[iban.slice(0, 2)] !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** A Ukrainian IBAN (UA): its payee also needs a tax number (RNOKPP, 10 digits). */
export const isUkrainianIban = (value: string) => normalizeIban(value).startsWith('UA');

export const normalizeBic = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** ISO 9362 BIC (the SWIFT code): bank (4 letters), country (2 letters), location (2), branch (3, optional). */
export const isValidBic = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalizeBic(value));

/** Networks a crypto payout goes through, with their address formats. */
export const cryptoNetworks = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
} as const;

export type CryptoNetwork = keyof typeof cryptoNetworks;
export const cryptoNetworkNames = Object.keys(cryptoNetworks) as CryptoNetwork[];
export const isCryptoNetwork = (value: unknown): value is CryptoNetwork => typeof value === 'string' && value in cryptoNetworks;

export const isValidCryptoAddress = (network: string, address: string) =>
  isCryptoNetwork(network) && cryptoNetworks[network].test(address.trim());

/** The payout destination as lists show it: only its last characters. */
export function maskDestination(value: string): string {
  const plain = value.replace(/\s/g, '');
  return plain.length <= 4 ? plain : `•••• ${plain.slice(-4)}`;
}
