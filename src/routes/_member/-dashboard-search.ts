// The dashboard's address (/dashboard?upgrade=true): the route file checks its search params with this, so it
// comes with the router on every first load. Nothing here may pull in the dashboard's widgets or flows
// (src/app/pages/dashboard-page.tsx holds those, loaded with the page).
import * as v from 'valibot';

/** The dashboard's search params: ?upgrade=true opens My tariff's upgrade dialog (anything else: nothing). */
export const dashboardSearchSchema = v.object({
  upgrade: v.fallback(v.optional(v.boolean()), undefined),
});
