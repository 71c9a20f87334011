// Effects of the lotteries area's flows (issue 29, /lotteries/{id}) and the providers the raffle page mounts them
// with: the raffle and the balance of its currency, buying tickets from the balance with the attempt's idempotency
// key (money moved refreshes the balances and the raffle lists), and the draw's check computed in the browser by the
// rule the server draws with (domain/lotteries.ts).
import { fromPromise } from 'xstate';
import { isAppError } from '../../../domain/app-error';
import { verifyDraw } from '../../../domain/lotteries';
import { buyTicketsMachine } from '../../../machines/lotteries/buy-tickets.machine';
import { verifyDrawMachine } from '../../../machines/lotteries/verify-draw.machine';
import type { DrawProof } from '../../../machines/lotteries/verify-draw.types';
import { api } from '../../api/client';
import { lotteryBuyTicketsMutation, lotteryQuery, toRaffle } from '../../api/lotteries';
import { paymentBalanceQuery } from '../../api/payments';
import { queryKeys } from '../../api/query-keys';
import { BuyTicketsContext, VerifyDrawContext } from '../../features/lotteries/lotteries.contexts';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

/** Money moved: the balances (header, wallet) and the raffle lists are fetched again. */
const refreshBalances = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.account.me() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.lotteries.all() });
};

export const createBuyTicketsLogic = perTenant((tenant) =>
  buyTicketsMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const [raffle, { me }] = await Promise.all([
          api
            .request(lotteryQuery, { whitelabel_uuid: tenant.uuid, id: input.raffleId })
            .then(({ moduleLottery }) => toRaffle(moduleLottery))
            .catch((error: unknown) => {
              // No such raffle here: the page says so rather than failing.
              if (isAppError(error) && error.category === 'not_found') return null;
              throw error;
            }),
          api.request(paymentBalanceQuery),
        ]);
        const wallet = me?.wallet_balance.find((row) => row.currency === (raffle?.currency ?? tenant.whiteLabel.currency));
        return { raffle, balance: wallet?.available ?? '0' };
      }),
      buyTickets: fromPromise(({ input }) =>
        outcome(['RaffleClosed', 'PremiumRequired', 'SoldOut', 'MaxTicketsReached', 'InsufficientBalance'], async () => {
          const { moduleLotteryBuyTickets: bought } = await api.request(lotteryBuyTicketsMutation, {
            whitelabel_uuid: tenant.uuid,
            raffle_id: input.raffleId,
            qty: input.qty,
            idempotency_key: input.idempotencyKey,
          });
          return { tickets: bought.tickets, amount: bought.amount, currency: bought.currency };
        }),
      ),
    },
    actions: { notifyFailure, refreshBalances },
  }),
);

export const createVerifyDrawLogic = () =>
  verifyDrawMachine.provide({ actors: { checkDraw: fromPromise(({ input }: { input: DrawProof }) => verifyDraw(input)) } });

/** The raffle page's buying flow: a fresh idempotency key prefix per page. */
export const BuyTicketsProvider = flowProvider(BuyTicketsContext, ({ raffleId }: { raffleId: string }, tenant) => ({
  logic: createBuyTicketsLogic(tenant),
  input: { raffleId, keyPrefix: `lottery-${crypto.randomUUID()}` },
  key: raffleId,
}));

/** A drawn raffle's proof and its check. */
export const VerifyDrawProvider = flowProvider(VerifyDrawContext, ({ proof }: { proof: DrawProof }) => ({
  logic: createVerifyDrawLogic(),
  input: { proof },
  key: proof.seedHash,
}));
