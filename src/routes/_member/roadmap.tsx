import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { roadmapQueryOptions } from '../../api/roadmap';
import { RoadmapView } from '../../features/roadmap/roadmap-view';

export const Route = createFileRoute('/_member/roadmap')({
  beforeLoad: ({ context }) => requireModule(context, 'roadmap'),
  staticData: { title: msg`Roadmap` },
  // Primed, never thrown: a failed load is the page's own state, with Try again.
  loader: ({ context }) => context.queryClient.prefetchQuery(roadmapQueryOptions(context.tenant.uuid)),
  component: RoadmapView,
});
