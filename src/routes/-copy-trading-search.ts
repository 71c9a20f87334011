// Copy trading's addresses: /copy-trading?period=&risk=&quote=&open=&order= (the list's choices; the strategy page
// reads period) and /ranking/{id}?period=. The route files check their search params with these, so they come with
// the router on every first load: only their shapes are checked here (short words, a whole number, a flag), and
// src/api/copy-trading.ts keeps the values the contract takes (domain/copy-trading.ts's periods), loaded with the pages.
import * as v from 'valibot';

/** The router reads `?quote=1000` as a number (it parses values as JSON): a word either way. */
const word = (max: number) => v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(new RegExp(`^[A-Za-z0-9]{1,${max}}$`)));

export const strategyListSearchSchema = v.object({
  period: v.fallback(v.optional(word(3)), undefined),
  risk: v.fallback(v.optional(v.pipe(v.number(), v.integer())), undefined),
  quote: v.fallback(v.optional(word(12)), undefined),
  open: v.fallback(v.optional(v.boolean()), undefined),
  // Not `sort`: the store's sort (a list of its own words) shares the router's one type of search params.
  order: v.fallback(v.optional(word(12)), undefined),
});

export const rankingSearchSchema = v.object({
  period: v.fallback(v.optional(word(3)), undefined),
});
