// Masks secrets before anything leaves a flow for inspection (the built-in inspector, the dev overlay, a second
// tab over BroadcastChannel, the Stately inspector): passwords, codes, tokens, card and wallet fields.
const secretKey = /pass(word)?|code|token|secret|card|cvc|cvv|pin|wallet|iban|swift|bic|address|confirmation/i;
/** A session handed over in a URL (`#access_token=...`, `?token=...`) inside a plain string. */
const secretInText = /((?:access_|refresh_)?token|code|password)=([^&#\s"]+)/gi;
export const masked = '••••';

const maskText = (text: string) => text.replace(secretInText, (_, key: string) => `${key}=${masked}`);

export function maskSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return maskText(value) as T;
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1)) as T;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    // The event's own name stays readable ("code.change"); its payload does not.
    if (key === 'type' && typeof inner === 'string') result[key] = inner;
    else if (secretKey.test(key) && inner !== null && inner !== undefined && inner !== '') result[key] = masked;
    else result[key] = maskSecrets(inner, depth + 1);
  }
  return result as T;
}

/**
 * An event's payload, masked: besides the secret fields, an event named for a secret (`code.change`,
 * `password.change`) has every text of its payload masked, whatever the field is called (`{ value }`).
 */
export function maskEventPayload(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  const namedForSecret = type.split('.').some((part) => secretKey.test(part));
  const result = maskSecrets(payload);
  if (!namedForSecret) return result;
  return Object.fromEntries(Object.entries(result).map(([key, inner]) => [key, typeof inner === 'string' && inner !== '' ? masked : inner]));
}
