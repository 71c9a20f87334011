import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { isRankingPeriod } from '../../../domain/copy-trading';
import { periodOf, rankingsQueryOptions } from '../../api/copy-trading';
import { RankingsView } from '../../features/trading/copy/ranking-list';

// The optional segment is the period (/rankings/7d); without it, 30 days.
export const Route = createFileRoute('/_public/rankings/{-$id}')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Rankings` },
  loader: ({ context: { queryClient, tenant }, params }) => {
    if (params.id !== undefined && !isRankingPeriod(params.id)) throw notFound();
    // Started, not awaited: the period shows chosen at once, the ranking following.
    void queryClient.prefetchQuery(rankingsQueryOptions(tenant.uuid, periodOf(params.id)));
  },
  component: RankingsPage,
});

function RankingsPage() {
  const [{ id }, navigate] = [Route.useParams(), Route.useNavigate()];
  return <RankingsView period={periodOf(id)} onPeriodChange={(period) => void navigate({ to: '/rankings/{-$id}', params: { id: period } })} />;
}
