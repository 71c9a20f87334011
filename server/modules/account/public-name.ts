// How a member's name is shown to other members (raffle winners, deals' filers, copy trading's traders and
// followers): never the full name.

/** "Anna Maria Smith" → "Anna S.": the first name and the initial of the last. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts[0]} ${[...parts.at(-1)!][0]!.toUpperCase()}.`;
}
