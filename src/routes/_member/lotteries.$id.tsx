import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { BuyTicketsProvider, VerifyDrawProvider } from '../../app/flows/lotteries';
import { DrawProof } from '../../features/lotteries/draw-proof';
import { RaffleView } from '../../features/lotteries/raffle-view';

export const Route = createFileRoute('/_member/lotteries/$id')({
  beforeLoad: ({ context }) => requireModule(context, 'lottery'),
  staticData: { title: msg`Lottery` },
  component: RafflePage,
});

function RafflePage() {
  const { id } = Route.useParams();
  return (
    <BuyTicketsProvider raffleId={id}>
      <RaffleView
        proof={(proof) => (
          <VerifyDrawProvider proof={proof}>
            <DrawProof />
          </VerifyDrawProvider>
        )}
      />
    </BuyTicketsProvider>
  );
}
