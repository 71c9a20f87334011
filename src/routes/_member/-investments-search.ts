// The investments page's address (/investments?plan=1&amount=100: the calculator's Activate, with its plan and
// amount). The router reads numbers in the search as numbers; both are kept as the strings they were typed as.
import * as v from 'valibot';

const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d+(?:\.\d{1,2})?$/));

export const investmentsSearchSchema = v.object({
  plan: v.fallback(v.optional(text), undefined),
  amount: v.fallback(v.optional(text), undefined),
});
