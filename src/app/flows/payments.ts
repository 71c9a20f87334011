// Effects of the payments area's flows (spec §4 "Invoice payment", "Deposit", calls §4, §7), and the providers
// the pages mount them with: createInvoicePaymentLogic(tenant) is the payment dialog's machine with its calls,
// made once per tenant; the deposit's flow runs the same payment, with its own ending, as its child. A paid
// invoice refreshes the member (balance, purchases), the invoice pages and the cart (CART_UPDATE), and goes
// to /thankyou/{tag}; a paid deposit refreshes the balance and shows its success. A payment whose balance is
// short opens a deposit for it (the deposit flow as its child), which hands the member back when it ends.
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { depositMachine } from '../../../machines/payments/deposit.machine';
import type { DepositInput, DepositOutput } from '../../../machines/payments/deposit.types';
import { invoicePaymentMachine } from '../../../machines/payments/invoice-payment.machine';
import type { InvoicePaymentInput } from '../../../machines/payments/invoice-payment.types';
import type { InvoiceState } from '../../../machines/payments/payments.types';
import { meQueryOptions } from '../../api/account';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import {
  coinPaymentsTransactionMutation,
  cpayTransactionMutation,
  depositFundsMutation,
  invoiceQuery,
  payFromBalanceMutation,
  paymentBalanceQuery,
  paymentOptionsQueryOptions,
  payportLinkQuery,
  prodamusLinkQuery,
  reportInvoiceTransferMutation,
  setInvoiceGatewayMutation,
  toCryptoPayment,
  toInvoiceState,
  toPaymentOptions,
} from '../../api/payments';
import { DepositContext, InvoicePaymentContext } from '../../features/payments/payments.contexts';
import { memberDrafts } from './drafts';
import type { TenantConfig } from '../../lib/tenant';
import { navigate } from '../router/navigation';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { requestCartUpdate } from './shop';
import { notifyFailure, outcome, perTenant } from './shared';
import { watchPage } from './watch-page';

const notFound = () => ({ code: 'server' as const, category: 'not_found' as const, reason: 'InvoiceNotFound' as const });

/** The invoice as the flow decides on it; the invoice page's query gets the same answer. */
async function fetchInvoice(id: string): Promise<InvoiceState> {
  const answer = await api.request(invoiceQuery, { id });
  if (!answer.invoice) throw notFound();
  queryClient.setQueryData(queryKeys.payments.invoice(id), answer);
  return toInvoiceState(answer.invoice);
}

const availableOf = (wallets: readonly { currency: string; available: string }[] | undefined, currency: string) =>
  wallets?.find((wallet) => wallet.currency === currency)?.available ?? '0';

/** What the member's balance has available in a currency as the dialog opens (the shell shows the same read). */
async function availableIn(currency: string): Promise<string> {
  const { me } = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  return availableOf(me?.wallet_balance, currency);
}

/**
 * The balance read again once a deposit is paid: a call of its own, as a read of the member already under way
 * (the shell's poll, say) would be joined rather than made afresh.
 */
async function availableAfterDeposit(currency: string): Promise<string> {
  const { me } = await api.request(paymentBalanceQuery);
  return availableOf(me?.wallet_balance, currency);
}

const gatewayReasons = ['GatewayUnavailable', 'AutomaticAcceptanceOff', 'InvoiceAlreadyPaid'] as const;

/**
 * The payment flow with its calls; `finishPaid` says what a paid invoice leads to, `deposit` the deposit flow
 * a short balance opens (none for a deposit's own payment, which the balance never pays).
 */
const paymentLogic = (tenant: TenantConfig, finishPaid: (tag: string) => void, deposit?: () => DepositForPayment) =>
  invoicePaymentMachine.provide({
    actors: {
      loadPayment: fromPromise(({ input }) =>
        outcome(['InvoiceNotFound'], async () => {
          const [invoice, options] = await Promise.all([
            fetchInvoice(input.invoiceId),
            queryClient.fetchQuery(paymentOptionsQueryOptions(tenant.uuid)),
          ]);
          return { invoice, options: toPaymentOptions(options), balance: await availableIn(invoice.currency) };
        }),
      ),
      fetchInvoice: fromPromise(({ input }) => fetchInvoice(input.invoiceId)),
      setGateway: fromPromise(({ input }) =>
        outcome(gatewayReasons, async () => {
          const answer = await api.request(setInvoiceGatewayMutation, {
            whitelabel_uuid: tenant.uuid,
            invoice_id: input.invoiceId,
            gateway: input.gateway,
            network: input.network,
          });
          queryClient.setQueryData(queryKeys.payments.invoice(input.invoiceId), { invoice: answer.setInvoiceGateway });
          return toInvoiceState(answer.setInvoiceGateway);
        }),
      ),
      payFromBalance: fromPromise(({ input }) =>
        outcome(['InsufficientBalance', 'InvoiceAlreadyPaid'], async () => {
          await api.request(payFromBalanceMutation, { invoice_id: input.invoiceId, idempotency_key: input.idempotencyKey });
        }),
      ),
      createTransaction: fromPromise(({ input }) =>
        outcome(gatewayReasons, async () => {
          const transaction =
            input.module === 'cpay'
              ? (
                  await api.request(cpayTransactionMutation, {
                    invoice_id: input.invoiceId,
                    currency_id: input.coin,
                    idempotency_key: input.idempotencyKey,
                  })
                ).cpayCreateTransaction
              : (
                  await api.request(coinPaymentsTransactionMutation, {
                    invoice_id: input.invoiceId,
                    currency: input.coin,
                    idempotency_key: input.idempotencyKey,
                  })
                ).coinPaymentsCreateTransaction;
          // The coin's fee may change the total: the invoice is read again with the transaction.
          return { transaction: toCryptoPayment(transaction), invoice: await fetchInvoice(input.invoiceId) };
        }),
      ),
      fetchLink: fromPromise(({ input }) =>
        outcome(gatewayReasons, async () => {
          const link =
            input.module === 'prodamus'
              ? (await api.request(prodamusLinkQuery, { invoice_id: input.invoiceId })).prodamusLink
              : (await api.request(payportLinkQuery, { invoice_id: input.invoiceId })).payportLink;
          if (!link?.link) throw { code: 'server', reason: 'GatewayUnavailable' };
          return { link: link.link, invoice: await fetchInvoice(input.invoiceId) };
        }),
      ),
      reportTransfer: fromPromise(({ input }) =>
        outcome(['InvoiceAlreadyPaid'], async () => {
          const answer = await api.request(reportInvoiceTransferMutation, {
            invoice_id: input.invoiceId,
            transfer_method: input.transferMethod,
          });
          queryClient.setQueryData(queryKeys.payments.invoice(input.invoiceId), { invoice: answer.reportInvoiceTransfer });
          return toInvoiceState(answer.reportInvoiceTransfer);
        }),
      ),
      loadBalance: fromPromise(({ input }) => availableAfterDeposit(input.currency)),
      ...(deposit ? { deposit: deposit() } : {}),
      watchPage,
    },
    actions: { finishPaid: (_, { tag }) => finishPaid(tag), notifyFailure },
  });

/** The deposit flow as the payment machine names it: by its input and output. */
type DepositForPayment = PromiseActorLogic<DepositOutput, DepositInput>;

/** The member's balance and purchases, the wallets (a coin bought fills its own), and the invoice pages, are read again after a payment. */
const refreshAfterPayment = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.account.me() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.payments.all() });
};

/** An invoice paid: the member refreshed, the cart told (CART_UPDATE), and on to /thankyou/{tag}. */
export const createInvoicePaymentLogic = perTenant((tenant: TenantConfig) =>
  paymentLogic(
    tenant,
    (tag) => {
      refreshAfterPayment();
      requestCartUpdate();
      void navigate({ to: '/thankyou/{-$id}', params: { id: tag } });
    },
    // The deposit machine takes and gives what the payment's deposit actor declares (DepositInput,
    // DepositOutput); the payment machine names it by those only, as the deposit machine runs a payment itself.
    () => createDepositLogic(tenant) as unknown as DepositForPayment,
  ),
);

/** A deposit paid: the balance refreshed; the dialog shows its success step (spec §4 "Deposit", step 5). */
const depositPaymentLogic = perTenant((tenant: TenantConfig) => paymentLogic(tenant, refreshAfterPayment));

export const createDepositLogic = perTenant((tenant: TenantConfig) =>
  depositMachine.provide({
    actors: {
      depositFunds: fromPromise(({ input }) =>
        outcome(['AmountOutOfRange'], async () => {
          const { depositFunds } = await api.request(depositFundsMutation, {
            amount: input.amount,
            currency: input.currency,
            idempotency_key: input.idempotencyKey,
          });
          return { invoiceId: depositFunds.id };
        }),
      ),
      payment: depositPaymentLogic(tenant),
    },
    actions: {
      notifyFailure,
      saveAmountDraft: ({ context }) => memberDrafts.write('deposit-amount', { amount: context.amount }),
      clearAmountDraft: () => memberDrafts.clear('deposit-amount'),
    },
  }),
);

/**
 * The deposit flow of a Deposit button: the tenant's currencies (its own first), which the member chooses
 * among when they have wallets (spec §2), and a fresh idempotency key prefix.
 */
export function depositInput(tenant: TenantConfig): DepositInput {
  const supported = tenant.whiteLabel.supported_currencies.map((currency) => currency.name);
  return {
    currencies: [...new Set([tenant.whiteLabel.currency, ...supported])],
    defaultCurrency: tenant.whiteLabel.currency,
    keyPrefix: `deposit-${crypto.randomUUID()}`,
  };
}

/** An invoice's payment flow: its attempts' idempotency keys start with a fresh random prefix. */
export const invoicePaymentInput = (invoiceId: string, openAtOnce: boolean): InvoicePaymentInput => ({
  invoiceId,
  keyPrefix: `pay-${crypto.randomUUID()}`,
  openAtOnce,
});

/** The invoice page's payment flow, for the invoice the route names (`pay`: the dialog opens at once). */
export const InvoicePaymentProvider = flowProvider(
  InvoicePaymentContext,
  ({ invoiceId, pay }: { invoiceId: string; pay: boolean }, tenant) => ({
    logic: createInvoicePaymentLogic(tenant),
    input: invoicePaymentInput(invoiceId, pay),
    key: invoiceId,
  }),
);

/** A Deposit button's flow (the header's, the balance page's): the dialog from the amount to the payment's success. */
export const DepositProvider = flowProvider(DepositContext, (_: object, tenant) => ({
  logic: createDepositLogic(tenant),
  input: { ...depositInput(tenant), draftAmount: memberDrafts.read<{ amount: string }>('deposit-amount')?.amount ?? null },
}));
