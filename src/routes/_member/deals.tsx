import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { DealRequestProvider } from '../../app/flows/deals';
import { DealsView } from '../../features/deals/deals-view';
import { dealsSearchSchema } from './-deals-search';

export const Route = createFileRoute('/_member/deals')({
  beforeLoad: ({ context }) => requireModule(context, 'deals'),
  staticData: { title: msg`Deals` },
  validateSearch: dealsSearchSchema,
  component: DealsPage,
});

function DealsPage() {
  const [search, navigate] = [Route.useSearch(), Route.useNavigate()];
  return (
    <DealRequestProvider>
      <DealsView tab={search.tab ?? null} onTabChange={(tab) => void navigate({ search: { tab }, replace: true })} />
    </DealRequestProvider>
  );
}
