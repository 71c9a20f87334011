// Effects of the tariffs area's flows (spec §2 /tariffs, the tariff upgrade dialog, the subscription modal;
// calls §7), and the providers the pages mount them with: buying a tariff, the upgrade priced and checked
// out, the platform subscription activated. Each ends by opening its invoice to pay it (/invoice/{id}?pay=true,
// the invoice-payment dialog). The server answers an unpaid invoice for the same thing again, so a repeated
// click makes no second invoice.
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../../machines/tariffs/tariff-checkout.machine';
import { upgradeMachine } from '../../../machines/tariffs/upgrade.machine';
import { subscriptionMachine } from '../../../machines/tariffs/subscription.machine';
import { api } from '../../api/client';
import { meQueryOptions } from '../../api/account';
import {
  activateSubscriptionMutation,
  tariffsCheckoutMutation,
  toUpgradeQuote,
  upgradeCartQuery,
  upgradeCheckoutMutation,
} from '../../api/tariffs';
import { CheckoutContext, SubscriptionContext, UpgradeContext } from '../../features/tariffs/tariffs.contexts';
import { navigate } from '../router/navigation';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant, requireValue } from './shared';

/** The invoice opens in the invoice-payment dialog. */
const openInvoice = (invoiceId: string | null) => {
  if (invoiceId) void navigate({ href: `/invoice/${encodeURIComponent(invoiceId)}?pay=true` });
};

async function signedInMember() {
  const { me } = await queryClient.ensureQueryData(meQueryOptions());
  if (!me) throw { code: 'unauthenticated' };
  return me;
}

export const createTariffCheckoutLogic = perTenant((tenant) =>
  checkoutMachine.provide({
    actors: {
      createInvoice: fromPromise(async ({ input }) => {
        const { moduleProductsTariffsCheckout } = await api.request(tariffsCheckoutMutation, {
          whitelabel_uuid: tenant.uuid,
          product_id: input.productId,
          billing_cycle: input.cycle,
        });
        const invoiceId = moduleProductsTariffsCheckout.invoice_id;
        if (!invoiceId) throw { code: 'unknown' };
        return { invoiceId };
      }),
    },
    actions: {
      openInvoice: ({ context }) => openInvoice(context.invoiceId),
      notifyFailure,
    },
  }),
);

export const createUpgradeLogic = perTenant((tenant) =>
  upgradeMachine.provide({
    actors: {
      priceUpgrade: fromPromise(async ({ input }) => {
        const me = await signedInMember();
        const answer = await outcome(['PurchaseNotFound', 'UpgradeNotAvailable'], async () =>
          toUpgradeQuote(
            (
              await api.request(upgradeCartQuery, {
                whitelabel_uuid: tenant.uuid,
                user_uuid: me.uuid,
                order_id: input.purchaseUuid,
                new_product_uuid: input.targetUuid,
                billing_cycle: input.cycle,
              })
            ).moduleProductsUpgradeCart,
          ),
        );
        // No cart at all is no upgrade of this purchase.
        return requireValue(answer, 'UpgradeNotAvailable');
      }),
      checkout: fromPromise(({ input }) =>
        outcome(['PurchaseNotFound', 'UpgradeNotAvailable'], async () => {
          const { moduleProductsUpgradeCheckout } = await api.request(upgradeCheckoutMutation, {
            whitelabel_uuid: tenant.uuid,
            current_purchase_uuid: input.purchaseUuid,
            new_product_uuid: input.targetUuid,
            billing_cycle: input.cycle,
          });
          return { invoiceId: moduleProductsUpgradeCheckout.id };
        }),
      ),
    },
    actions: {
      openInvoice: ({ context }) => openInvoice(context.invoiceId),
      notifyFailure,
    },
  }),
);

export const createSubscriptionLogic = perTenant(() =>
  subscriptionMachine.provide({
    actors: {
      activate: fromPromise(({ input }) =>
        outcome(['NotTenantOwner', 'SubscriptionUnavailable'], async () => {
          const { whiteLabelActivateSubscription } = await api.request(activateSubscriptionMutation, { period: input.period });
          return { invoiceId: whiteLabelActivateSubscription.id };
        }),
      ),
    },
    actions: {
      openInvoice: ({ context }) => openInvoice(context.invoiceId),
      notifyFailure,
    },
  }),
);

/** The tariffs page's buying flow: a tariff below the member's current level is confirmed first. */
export const TariffCheckoutProvider = flowProvider(CheckoutContext, ({ currentLevel }: { currentLevel: number | null }, tenant) => ({
  logic: createTariffCheckoutLogic(tenant),
  input: { currentLevel },
}));

/** The upgrade dialog's flow, for the page that offers Upgrade (the tariffs page, the dashboard's My tariff). */
export const UpgradeProvider = flowProvider(UpgradeContext, (_: object, tenant) => ({ logic: createUpgradeLogic(tenant) }));

/** The subscription modal's flow, for the subscriptions page. */
export const SubscriptionProvider = flowProvider(SubscriptionContext, (_: object, tenant) => ({
  logic: createSubscriptionLogic(tenant),
}));
