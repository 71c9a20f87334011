import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { rankingSearchSchema } from '../-copy-trading-search';
import { periodOf, rankingQueryOptions } from '../../api/copy-trading';
import { RankingPage } from '../../features/trading/copy/ranking-page';
import { useLoggedIn } from '../../features/shell/use-logged-in';

export const Route = createFileRoute('/_public/ranking/$id')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Ranking` },
  validateSearch: rankingSearchSchema,
  loaderDeps: ({ search }) => ({ period: search.period }),
  loader: ({ context: { queryClient, tenant }, params, deps }) => void queryClient.prefetchQuery(rankingQueryOptions(tenant.uuid, params.id, periodOf(deps.period))),
  component: RankingStrategyPage,
});

function RankingStrategyPage() {
  const [{ id }, search, navigate, signedIn] = [Route.useParams(), Route.useSearch(), Route.useNavigate(), useLoggedIn()];
  return <RankingPage key={id} id={id} period={periodOf(search.period)} signedIn={signedIn} onPeriodChange={(period) => void navigate({ search: { period }, replace: true })} />;
}
