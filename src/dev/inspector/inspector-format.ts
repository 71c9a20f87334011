// How the inspector writes times and payloads.

/** A time of day to the millisecond, in the active locale (events come fast). */
export function clockTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hour12: false }).format(at);
}

/** A payload on one line ("" for none). */
export function payloadText(payload: Record<string, unknown>): string {
  return Object.keys(payload).length === 0 ? '' : JSON.stringify(payload);
}
