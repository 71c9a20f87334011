import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { TariffCheckoutProvider, UpgradeProvider } from '../../app/flows/tariffs';
import { tariffsQueryOptions } from '../../api/tariffs';
import { TariffsView, useCurrentTariffLevel } from '../../features/tariffs/tariffs-view';

export const Route = createFileRoute('/_member/tariffs')({
  beforeLoad: ({ context }) => requireModule(context, 'tariffs'),
  staticData: { title: msg`Tariffs`, titleInInvestmentMode: msg`Investments` },
  loader: ({ context }) => context.queryClient.ensureQueryData(tariffsQueryOptions(context.tenant.uuid)),
  component: TariffsPage,
});

function TariffsPage() {
  return (
    <TariffCheckoutProvider currentLevel={useCurrentTariffLevel()}>
      <UpgradeProvider>
        <TariffsView />
      </UpgradeProvider>
    </TariffCheckoutProvider>
  );
}
