import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { strategyListSearchSchema } from '../-copy-trading-search';
import { periodOf, strategiesQueryOptions, strategyQueryOptions, toStrategyListQuery, toStrategyListSearch } from '../../api/copy-trading';
import { StrategyList } from '../../features/trading/copy/strategy-list';
import { StrategyPage } from '../../features/trading/copy/strategy-page';
import { ConnectPanel } from '../../app/pages/connect-panel';

export const Route = createFileRoute('/_member/copy-trading/{-$id}')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Copy trading` },
  validateSearch: strategyListSearchSchema,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: a filter or a period shows chosen at once, the figures following (the last kept meanwhile).
  loader: ({ context: { queryClient, tenant }, params, deps }) =>
    void (params.id
      ? queryClient.prefetchQuery(strategyQueryOptions(tenant.uuid, params.id, periodOf(deps.period)))
      : queryClient.prefetchQuery(strategiesQueryOptions(tenant.uuid, toStrategyListQuery(deps)))),
  component: CopyTradingPage,
});

function CopyTradingPage() {
  const [{ id }, search, navigate] = [Route.useParams(), Route.useSearch(), Route.useNavigate()];
  if (id) {
    const onPeriodChange = (period: string) => void navigate({ search: { period }, replace: true });
    return <StrategyPage key={id} id={id} period={periodOf(search.period)} onPeriodChange={onPeriodChange} renderConnect={(strategy) => <ConnectPanel strategy={strategy} />} />;
  }
  return <StrategyList query={toStrategyListQuery(search)} onQueryChange={(query) => void navigate({ search: toStrategyListSearch(query), replace: true })} />;
}
