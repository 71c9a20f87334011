// The tariffs area's calls (calls §7): the tenant's tariff line, buying a tariff, the upgrade cart and
// checkout, the platform subscription (its status with what the owner sees, polled every 30 s on the
// subscriptions page) and activating it; the mapping of the upgrade cart to the upgrade flow's quote.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { TariffsQuery, UpgradeCartQuery } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { isBillingCycle } from '../../domain/pricing';
import { subscriptionPoll } from '../../domain/timing';
import type { UpgradeQuote } from '../../machines/tariffs/tariffs.types';

export const tariffsQuery = graphql(`
  query Tariffs($whitelabel_uuid: ID!) {
    moduleProductsTariffs(whitelabel_uuid: $whitelabel_uuid) {
      level
      upgrade_product_uuids
      product {
        id
        uuid
        name
        description
        bg_color
        image
        currency
        price_onetime
        price_monthly
        price_quartally
        price_semiannually
        price_annually
      }
    }
  }
`);

export const tariffsCheckoutMutation = graphql(`
  mutation TariffsCheckout($whitelabel_uuid: ID!, $product_id: ID!, $billing_cycle: String, $idempotency_key: String) {
    moduleProductsTariffsCheckout(
      whitelabel_uuid: $whitelabel_uuid
      product_id: $product_id
      billing_cycle: $billing_cycle
      idempotency_key: $idempotency_key
    ) {
      invoice_id
      status
      message
    }
  }
`);

export const upgradeCartQuery = graphql(`
  query UpgradeCart($whitelabel_uuid: ID!, $user_uuid: ID!, $order_id: ID!, $new_product_uuid: ID, $billing_cycle: String) {
    moduleProductsUpgradeCart(
      whitelabel_uuid: $whitelabel_uuid
      user_uuid: $user_uuid
      order_id: $order_id
      new_product_uuid: $new_product_uuid
      billing_cycle: $billing_cycle
    ) {
      current_purchase_uuid
      current_product_name
      current_billing_cycle
      current_price
      current_active_till
      new_product_uuid
      new_product_name
      billing_cycle
      new_price
      credit
      days_left
      days_in_cycle
      diff_price
      currency
      new_active_till
    }
  }
`);

export const upgradeCheckoutMutation = graphql(`
  mutation UpgradeCheckout($whitelabel_uuid: ID!, $current_purchase_uuid: ID!, $new_product_uuid: ID!, $billing_cycle: String!, $idempotency_key: String) {
    moduleProductsUpgradeCheckout(
      whitelabel_uuid: $whitelabel_uuid
      current_purchase_uuid: $current_purchase_uuid
      new_product_uuid: $new_product_uuid
      billing_cycle: $billing_cycle
      idempotency_key: $idempotency_key
    ) {
      id
    }
  }
`);

export const platformSubscriptionQuery = graphql(`
  query PlatformSubscription {
    whiteLabelUserActiveSubscription {
      enabled
      active
      till
      trial
      period
      can_activate
    }
  }
`);

export const activateSubscriptionMutation = graphql(`
  mutation ActivateSubscription($period: String, $idempotency_key: String) {
    whiteLabelActivateSubscription(period: $period, idempotency_key: $idempotency_key) {
      id
    }
  }
`);

export type Tariff = TariffsQuery['moduleProductsTariffs'][number];

export const tariffsQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.tariffs.tariffs(whitelabelUuid),
    queryFn: () => api.request(tariffsQuery, { whitelabel_uuid: whitelabelUuid }),
  });

/** The platform subscription with the owner's view of it; polled every 30 s (paused in a hidden tab). */
export const platformSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tariffs.subscription(),
    queryFn: () => api.request(platformSubscriptionQuery),
    refetchInterval: subscriptionPoll,
    refetchOnWindowFocus: true,
  });

/** The upgrade cart as the upgrade flow holds it (null: the server answered none). */
export function toUpgradeQuote(cart: UpgradeCartQuery['moduleProductsUpgradeCart']): UpgradeQuote | null {
  if (!cart || !isBillingCycle(cart.billing_cycle) || !isBillingCycle(cart.current_billing_cycle)) return null;
  return {
    currentPurchaseUuid: cart.current_purchase_uuid,
    currentProductName: cart.current_product_name,
    currentBillingCycle: cart.current_billing_cycle,
    currentPrice: cart.current_price,
    currentActiveTill: cart.current_active_till ?? null,
    newProductUuid: cart.new_product_uuid,
    newProductName: cart.new_product_name,
    billingCycle: cart.billing_cycle,
    newPrice: cart.new_price,
    credit: cart.credit,
    daysLeft: cart.days_left ?? null,
    daysInCycle: cart.days_in_cycle ?? null,
    difference: cart.diff_price,
    currency: cart.currency,
    newActiveTill: cart.new_active_till ?? null,
  };
}
