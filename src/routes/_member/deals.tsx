import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { DealRequestProvider } from '../../app/flows/deals';
import { DealsView } from '../../features/deals/deals-view';

export const Route = createFileRoute('/_member/deals')({
  beforeLoad: ({ context }) => requireModule(context, 'deals'),
  staticData: { title: msg`Deals` },
  component: DealsPage,
});

function DealsPage() {
  return (
    <DealRequestProvider>
      <DealsView />
    </DealRequestProvider>
  );
}
