// Masks secrets before anything leaves a flow for inspection (live /flows view, dev overlay, Stately
// inspector): passwords, codes, tokens, card and wallet fields.
const secretKey = /pass(word)?|code|token|secret|card|cvc|cvv|pin|wallet|iban|swift|bic|address|confirmation/i;
export const masked = '••••';

export function maskSecrets<T>(value: T, depth = 0): T {
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
