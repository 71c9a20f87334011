// What the tariffs area's walks share: a member with a running Basic tariff, the tariff line in the query
// cache, a tenant that sells its subscription, and rendering a view inside its page's flows.
import type { ReactNode } from 'react';
import { meQueryOptions } from '../../src/api/account';
import { tariffsQueryOptions, type Tariff } from '../../src/api/tariffs';
import type { TenantConfig } from '../../src/lib/tenant';
import { renderView, testTenant } from '../support/render';
import { me, memberQueryClient } from '../support/member';

const product = (id: string, name: string, prices: Partial<Record<'monthly' | 'quartally' | 'annually', string>>): Tariff['product'] => ({
  id,
  uuid: id,
  name,
  description: `${name} line one\n${name} line two`,
  bg_color: null,
  image: null,
  currency: 'USDT',
  price_onetime: null,
  price_monthly: prices.monthly ?? null,
  price_quartally: prices.quartally ?? null,
  price_semiannually: null,
  price_annually: prices.annually ?? null,
});

export const tariffLine: Tariff[] = [
  { level: 1, upgrade_product_uuids: ['pro'], product: product('basic', 'Basic', { monthly: '19.00', quartally: '51.00', annually: '190.00' }) },
  { level: 2, upgrade_product_uuids: [], product: product('pro', 'Pro', { monthly: '49.00', quartally: '132.00', annually: '490.00' }) },
];

export const tariffsTenant: TenantConfig = {
  ...testTenant,
  productConfig: {
    view_template: 'pricing',
    tariffs_view: 'tiles',
    product_type_description: 'franchise',
    allow_public_access: false,
    description: null,
  } as TenantConfig['productConfig'],
  whiteLabel: {
    ...testTenant.whiteLabel,
    currency: 'USDT',
    modules: [{ module: 'products' }],
    subscription_available: true,
    subscription_price_monthly: '49.00',
    subscription_price_quarterly: '135.00',
    subscription_price_semiannual: '255.00',
    subscription_price_annual: '480.00',
  } as unknown as TenantConfig['whiteLabel'],
};

/** The member runs Basic (monthly) with upgrades; the tariff line is loaded. */
export function tariffsQueryClient() {
  const queryClient = memberQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, {
    me: {
      ...me,
      purchase: {
        uuid: 'p-1',
        product_id: 'basic',
        name: 'Basic',
        description: 'Basic line one\nBasic line two',
        active_till: '2027-01-15T00:00:00.000Z',
        active_from: null,
        billing_cycle: 'monthly',
        price: '19.00',
        currency: 'USDT',
        has_upgrades: true,
      },
    },
  } as never);
  queryClient.setQueryData(tariffsQueryOptions(tariffsTenant.uuid).queryKey, { moduleProductsTariffs: tariffLine } as never);
  return queryClient;
}

/** Renders a tariffs view (inside the providers of its flows) for the tariffs tenant. */
export function renderTariffsView(view: ReactNode, queryClient = tariffsQueryClient()) {
  renderView(view, { tenant: tariffsTenant, queryClient });
}
