// The deals page's search params: ?tab=mine|team|request (anything else: the page's own choice).
import * as v from 'valibot';

export const dealsTabs = ['mine', 'team', 'request'] as const;
export type DealsTab = (typeof dealsTabs)[number];

export const dealsSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(dealsTabs)), undefined),
});
