import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { createTariffCheckoutLogic, createUpgradeLogic } from '../../app/flows/tariffs';
import { tariffsQueryOptions } from '../../api/tariffs';
import { flowOptions } from '../../lib/flow-inspection';
import { TariffsView } from '../../features/tariffs/tariffs-view';

export const Route = createFileRoute('/_member/tariffs')({
  beforeLoad: ({ context }) => requireModule(context, 'tariffs'),
  staticData: { title: msg`Tariffs`, titleInInvestmentMode: msg`Investments` },
  loader: ({ context }) => context.queryClient.ensureQueryData(tariffsQueryOptions(context.tenant.uuid)),
  component: TariffsPage,
});

function TariffsPage() {
  const { tenant } = Route.useRouteContext();
  return (
    <TariffsView
      checkoutFlow={(input) => ({ logic: createTariffCheckoutLogic(tenant), options: flowOptions({ input }) })}
      upgradeLogic={createUpgradeLogic(tenant)}
    />
  );
}
