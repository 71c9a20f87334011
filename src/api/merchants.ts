// The merchants' calls (issue 27, Beyond §7): the coins the tenant sells with their price now, a quote that locks
// the price for 15 minutes, and buying it (its invoice).
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';
import { queryKeys } from './query-keys';

export const merchantAssetsQuery = graphql(`
  query MerchantAssets($whitelabel_uuid: ID!) {
    moduleMerchantAssets(whitelabel_uuid: $whitelabel_uuid) {
      symbol
      name
      rate
      pay_currency
      min_amount
      max_amount
    }
  }
`);

export const merchantQuoteMutation = graphql(`
  mutation MerchantQuote($whitelabel_uuid: ID!, $symbol: String!, $amount: Decimal!) {
    moduleMerchantQuote(whitelabel_uuid: $whitelabel_uuid, symbol: $symbol, amount: $amount) {
      id
      amount
      pay_currency
      rate
      asset_amount
      expires_at
      created_at
    }
  }
`);

export const merchantBuyMutation = graphql(`
  mutation MerchantBuy($whitelabel_uuid: ID!, $quote_id: ID!, $idempotency_key: String) {
    moduleMerchantBuy(whitelabel_uuid: $whitelabel_uuid, quote_id: $quote_id, idempotency_key: $idempotency_key) {
      id
    }
  }
`);

/** The coins the balance page offers to buy (each wallet card of one of them has Buy). */
export const merchantAssetsQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.wallet.merchantAssets(whitelabelUuid),
    queryFn: () => api.request(merchantAssetsQuery, { whitelabel_uuid: whitelabelUuid }),
    staleTime: 60_000,
  });
