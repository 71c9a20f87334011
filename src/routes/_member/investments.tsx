import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { InvestPlansProvider } from '../../app/flows/investments';
import { InvestmentsView } from '../../features/investments/investments-view';
import { investmentsSearchSchema } from './-investments-search';

export const Route = createFileRoute('/_member/investments')({
  beforeLoad: ({ context }) => requireModule(context, 'investPlans'),
  // Where the tariffs read as Investments (investment mode), the plans' page is Investment plans.
  staticData: { title: msg`Investments`, titleInInvestmentMode: msg`Investment plans` },
  validateSearch: investmentsSearchSchema,
  component: InvestmentsPage,
});

function InvestmentsPage() {
  const { plan, amount } = Route.useSearch();
  return (
    <InvestPlansProvider prefill={plan && amount ? { planId: plan, amount } : null}>
      <InvestmentsView />
    </InvestPlansProvider>
  );
}
