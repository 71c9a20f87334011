import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { flowsPageEnabled } from '../lib/flow-inspection';
import { FlowsPage } from '../dev/flows/flows-page';
import { QueryScope } from '../app/router/query-scope';

// The flows page: in development, and in production only when built with VITE_FLOWS_PAGE=true.
export const Route = createFileRoute('/flows')({
  staticData: { title: msg`Flows` },
  validateSearch: v.object({
    view: v.fallback(v.optional(v.picklist(['charts', 'live'])), undefined),
    machine: v.fallback(v.optional(v.string()), undefined),
    state: v.fallback(v.optional(v.string()), undefined),
  }),
  beforeLoad: () => {
    if (!flowsPageEnabled) throw redirect({ to: '/404', replace: true });
  },
  component: FlowsRoute,
});

function FlowsRoute() {
  const { view, machine, state } = Route.useSearch();
  return (
    <QueryScope>
      <FlowsPage initialView={view ?? 'charts'} machine={machine} state={state} />
    </QueryScope>
  );
}
