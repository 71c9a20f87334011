// Payout details checks (spec §5 "Withdrawal": valid IBAN, also Ukrainian; SWIFT; BIC; numeric fields with
// their lengths): IBANs and BIC/SWIFT codes through ibantools (the IBAN registry's country lengths and BBAN
// formats, the ISO 13616 check digits, ISO 9362 with a known country), crypto addresses by their network's
// format. The server and the form both check through here, so they agree exactly.
import { countrySpecs, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** IBAN length per country (the SWIFT IBAN registry, as ibantools carries it). */
export const ibanLengths: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(countrySpecs).flatMap(([country, spec]) => (spec.IBANRegistry && spec.chars ? [[country, spec.chars]] : [])),
);

/** An IBAN as typed ("de89 3704-0044 0532 0130 00") in its electronic form ("DE89370400440532013000"). */
export const normalizeIban = (value: string) => electronicFormatIBAN(value.replace(/\s/g, '')) ?? '';

/** ISO 13616: a registry country, its length and BBAN format, and check digits that make it ≡ 1 (mod 97). */
export const isValidIban = (value: string): boolean => isValidIBAN(normalizeIban(value));

/** A Ukrainian IBAN (UA): its payee also needs a tax number (RNOKPP, 10 digits). */
export const isUkrainianIban = (value: string) => normalizeIban(value).startsWith('UA');

export const normalizeBic = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** ISO 9362 BIC (the SWIFT code): bank (4 letters), a known country (2 letters), location (2), branch (3, optional). */
export const isValidBic = (value: string) => isValidBIC(normalizeBic(value));

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
