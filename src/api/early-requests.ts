// Requests the boot script (src/boot.ts) sends before the app's code has arrived, for this API's client
// (src/api/client.ts) to take instead of asking again (src/app/boot/store-request.ts sends the public store's).
// Keyed by the document and its variables, so only the very same request is taken, once, and only soon after
// it was sent; a failed one is simply asked again by the client, which tells failures apart.

/** How long an early answer stays for the taking (the first load's loaders run well within it). */
const keepMs = 30_000;

const early = new Map<string, { answer: Promise<unknown>; sentAt: number }>();

/** Object keys in sorted order, so equal variables give equal keys however they were written. */
const sorted = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, inner]) => [key, sorted(inner)]),
      )
    : value;
const keyOf = (document: { toString(): string }, variables: unknown) => `${document.toString()}\n${JSON.stringify(sorted(variables ?? {}))}`;

/** Sends `document` now (through the boot script's bare fetch) and keeps the answer for the client. */
export function sendEarly<TDocument extends { toString(): string }, TVariables>(
  send: (document: TDocument, variables: TVariables) => Promise<unknown>,
  document: TDocument,
  variables: TVariables,
  now = Date.now(),
): Promise<unknown> {
  const answer = send(document, variables);
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  answer.catch(() => {});
  early.set(keyOf(document, variables), { answer, sentAt: now });
  return answer;
}

/** The early answer to this very request, once; null if there is none (or it is too old to trust). */
export function takeEarly(document: { toString(): string }, variables: unknown, now = Date.now()): Promise<unknown> | null {
  const key = keyOf(document, variables);
  const found = early.get(key);
  early.delete(key);
  return found && now - found.sentAt <= keepMs ? found.answer : null;
}
