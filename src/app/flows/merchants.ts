// Effects of buying a coin from a merchant (issue 27, /merchants/buy/{symbol}), and the provider the page mounts
// it with: the coin and the member's balance, the locked price, and its invoice, which opens to be paid
// (/invoice/{id}?pay=true, the invoice-payment dialog).
import { fromPromise } from 'xstate';
import { merchantBuyMachine } from '../../../machines/merchants/merchant-buy.machine';
import { api } from '../../api/client';
import { meQueryOptions } from '../../api/account';
import { merchantAssetsQuery, merchantBuyMutation, merchantQuoteMutation } from '../../api/merchants';
import { MerchantBuyContext } from '../../features/merchants/merchants.contexts';
import { navigate } from '../router/navigation';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

export const createMerchantBuyLogic = perTenant((tenant) =>
  merchantBuyMachine.provide({
    actors: {
      loadOffer: fromPromise(async ({ input }) => {
        const [{ moduleMerchantAssets }, { me }] = await Promise.all([
          api.request(merchantAssetsQuery, { whitelabel_uuid: tenant.uuid }),
          queryClient.fetchQuery(meQueryOptions()),
        ]);
        const found = moduleMerchantAssets.find((asset) => asset.symbol === input.symbol.toUpperCase());
        const asset = found
          ? {
              symbol: found.symbol,
              name: found.name,
              rate: found.rate,
              payCurrency: found.pay_currency,
              minAmount: found.min_amount,
              maxAmount: found.max_amount,
            }
          : null;
        const wallet = me?.wallet_balance.find((row) => row.currency === (asset?.payCurrency ?? tenant.whiteLabel.currency));
        return { asset, balance: wallet?.available ?? '0' };
      }),
      getQuote: fromPromise(async ({ input }) => {
        const { moduleMerchantQuote: quote } = await api.request(merchantQuoteMutation, {
          whitelabel_uuid: tenant.uuid,
          symbol: input.symbol,
          amount: input.amount,
        });
        return {
          id: quote.id,
          amount: quote.amount,
          payCurrency: quote.pay_currency,
          rate: quote.rate,
          assetAmount: quote.asset_amount,
          expiresAt: quote.expires_at,
          createdAt: quote.created_at,
        };
      }),
      buyQuote: fromPromise(({ input }) =>
        outcome(['QuoteExpired'], async () => {
          const { moduleMerchantBuy } = await api.request(merchantBuyMutation, {
            whitelabel_uuid: tenant.uuid,
            quote_id: input.quoteId,
            idempotency_key: input.idempotencyKey,
          });
          return { invoiceId: moduleMerchantBuy.id };
        }),
      ),
    },
    actions: {
      openInvoice: ({ context }) => {
        if (context.invoiceId) void navigate({ href: `/invoice/${encodeURIComponent(context.invoiceId)}?pay=true` });
      },
      notifyFailure,
    },
  }),
);

/** The merchant page's flow for its coin: a fresh idempotency key prefix per page. */
export const MerchantBuyProvider = flowProvider(MerchantBuyContext, ({ symbol }: { symbol: string }, tenant) => ({
  logic: createMerchantBuyLogic(tenant),
  input: { symbol: symbol.toUpperCase(), keyPrefix: `merchant-${crypto.randomUUID()}` },
  key: symbol,
}));
