// How the router writes search params. TanStack's default quotes a string that reads as a number
// (`?category=%224%22`, so that it parses back as text); ours writes it as it is (`?category=4`): the route
// schemas read such a number back as text (src/routes/-product-search.ts), and old quoted links still parse.
import { defaultParseSearch, stringifySearchWith } from '@tanstack/react-router';

/** A string that JSON reads as the very same number ("4", "12.5"; not "007" or "1e3"). */
const isNumeral = (text: string) => /^-?\d+(?:\.\d+)?$/.test(text) && String(Number(text)) === text;

const parseJson = (text: string): unknown => JSON.parse(text);

/** JSON for objects and for strings that would read as something else (`"true"`, `"[1]"`); numbers as they are. */
const stringifyValue = (value: unknown): string => (typeof value === 'string' && isNumeral(value) ? value : JSON.stringify(value));

export const stringifySearch = stringifySearchWith(stringifyValue, parseJson);
export const parseSearch = defaultParseSearch;
