// Exchange credentials at rest (issue 31): api_key, secret and passphrase sealed with AES-256-GCM (a random 12-byte
// IV per value, the 16-byte auth tag kept, the account's id and the field as additional data), each value led by a key version byte so the key can rotate later (a second
// version beside the first, values resealed by a job). The key is EXCHANGE_SECRETS_KEY (base64 of 32 bytes),
// required in production (readConfig refuses to start without it); in development one is generated once and kept
// in the database (exchange_secrets_keys), so every server process on that database seals and opens alike.
// Sealed values are never returned by a query (only keyHint's last 4) and never logged.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { keyHint } from '../../../domain/trading';
import type { ExchangeCredentials } from './exchange-adapter';
import { exchangeSecretsKeys } from './tables';

/** The version byte of values sealed with the current key. */
const currentVersion = 1;
const ivBytes = 12;
const tagBytes = 16;

export interface SecretsKey {
  version: number;
  /** AES-256-GCM key. */
  seal: Buffer;
  /** HMAC key of fingerprints, derived from the secrets key (never the encryption key itself). */
  fingerprint: Buffer;
}

export const secretsKeyRequired =
  'EXCHANGE_SECRETS_KEY is required in production: base64 of 32 random bytes, e.g. `openssl rand -base64 32` (README "Configuration").';

/** The configured key's bytes, or undefined when none is set; a key that is not base64 of 32 bytes is refused. */
export function configuredSecretsKey(env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const text = env.EXCHANGE_SECRETS_KEY?.trim();
  if (!text) return undefined;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== 32) {
    throw new Error('EXCHANGE_SECRETS_KEY must be base64 of exactly 32 bytes (`openssl rand -base64 32`).');
  }
  return bytes;
}

/** At start: production refuses to run without a configured key (and any configured key must be well formed). */
export function checkSecretsKeyConfig(env: NodeJS.ProcessEnv, production: boolean): void {
  if (!configuredSecretsKey(env) && production) throw new Error(secretsKeyRequired);
}

const derive = (material: Buffer): SecretsKey => ({
  version: currentVersion,
  seal: Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'exchange-secrets:seal:v1', 32)),
  fingerprint: Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'exchange-secrets:fingerprint:v1', 32)),
});

/** The development key kept in the database: made by whichever process comes first, then read by every one. */
async function developmentKey(db: Db): Promise<Buffer> {
  await db.insert(exchangeSecretsKeys).values({ id: 1, key: randomBytes(32).toString('base64') }).onConflictDoNothing();
  const [row] = await db.select({ key: exchangeSecretsKeys.key }).from(exchangeSecretsKeys);
  return Buffer.from(row!.key, 'base64');
}

const developmentKeys = new WeakMap<Db, Promise<SecretsKey>>();

/**
 * The secrets key: EXCHANGE_SECRETS_KEY when set; otherwise (never in production, which does not start without
 * one) the database's development key, read once per database handle.
 */
export function secretsKey(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<SecretsKey> {
  const configured = configuredSecretsKey(env);
  if (configured) return Promise.resolve(derive(configured));
  if (env.NODE_ENV === 'production') return Promise.reject(new Error(secretsKeyRequired));
  let key = developmentKeys.get(db);
  if (!key) {
    key = developmentKey(db).then(derive);
    key.catch(() => developmentKeys.delete(db));
    developmentKeys.set(db, key);
  }
  return key;
}

/** The credential fields sealed on an exchange account. */
export type SealedField = 'api_key' | 'secret' | 'passphrase';

/** The additional authenticated data binding a sealed value to its row and field: a value copied to another
 * account or another field fails to open. */
export const secretContext = (accountId: string, field: SealedField) => `exchange_accounts:${accountId}:${field}`;

/** Seals one value for its place (secretContext): version byte, IV, auth tag and ciphertext, base64. */
export function sealSecret(key: SecretsKey, value: string, context: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key.seal, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([key.version]), iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Opens a sealed value where it was sealed for (the copy-trading engine's): a changed byte, a shortened tag, or
 * another row's or field's value fails. */
export function openSecret(key: SecretsKey, sealed: string, context: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 1 + ivBytes + tagBytes) throw new Error('Not a sealed value: too short.');
  if (bytes[0] !== key.version) throw new Error(`Sealed with key version ${bytes[0]}, not ${key.version}.`);
  const iv = bytes.subarray(1, 1 + ivBytes);
  const tag = bytes.subarray(1 + ivBytes, 1 + ivBytes + tagBytes);
  const decipher = createDecipheriv('aes-256-gcm', key.seal, iv, { authTagLength: tagBytes });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(bytes.subarray(1 + ivBytes + tagBytes)), decipher.final()]).toString('utf8');
}

/** One exchange key's fingerprint (HMAC-SHA-256 of exchange and API key): the same key on the same exchange matches. */
export const keyFingerprint = (key: SecretsKey, exchange: string, apiKey: string) =>
  createHmac('sha256', key.fingerprint).update(`${exchange}\u0000${apiKey.trim()}`).digest('hex');

/** A digest of every credential, for an idempotency key's request hash (which must never hold them). */
export const credentialsDigest = (key: SecretsKey, exchange: string, credentials: { api_key: string; secret: string; passphrase?: string | null }) =>
  createHmac('sha256', key.fingerprint)
    .update([exchange, credentials.api_key, credentials.secret, credentials.passphrase ?? ''].join('\u0000'))
    .digest('hex');

export interface SealedCredentials {
  apiKeySealed: string;
  secretSealed: string;
  passphraseSealed: string | null;
  keyFingerprint: string;
  apiKeyLast4: string;
}

/** Seals the key's credentials for the account `accountId` (each bound to its row and field), with the key's
 * fingerprint and hint, and a digest of them all for an idempotency key's request. */
export async function sealCredentials(db: Db, accountId: string, exchange: string, credentials: ExchangeCredentials, needsPassphrase: boolean) {
  const key = await secretsKey(db);
  const passphrase = needsPassphrase ? (credentials.passphrase ?? null) : null;
  const sealed: SealedCredentials = {
    apiKeySealed: sealSecret(key, credentials.api_key, secretContext(accountId, 'api_key')),
    secretSealed: sealSecret(key, credentials.secret, secretContext(accountId, 'secret')),
    passphraseSealed: passphrase === null ? null : sealSecret(key, passphrase, secretContext(accountId, 'passphrase')),
    keyFingerprint: keyFingerprint(key, exchange, credentials.api_key),
    apiKeyLast4: keyHint(credentials.api_key),
  };
  return { sealed, digest: credentialsDigest(key, exchange, { ...credentials, passphrase }) };
}
