import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { MerchantBuyProvider } from '../../app/flows/merchants';
import { MerchantBuyView } from '../../features/merchants/merchant-buy-view';

export const Route = createFileRoute('/_member/merchants/buy/$symbol')({
  beforeLoad: ({ context }) => requireModule(context, 'merchants'),
  staticData: { title: msg`Buy` },
  component: MerchantBuyPage,
});

function MerchantBuyPage() {
  const { symbol } = Route.useParams();
  return (
    <MerchantBuyProvider symbol={symbol}>
      <MerchantBuyView />
    </MerchantBuyProvider>
  );
}
