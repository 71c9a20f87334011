// The payments area's calls (calls §7): invoices, the tenant's gateways and their coins, bank details, setting
// an invoice's gateway, paying from the balance, crypto transactions and payment links; queryOptions for the
// invoice pages, and the mapping from the contract's shapes to the payment flows'.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { InvoiceFieldsFragment, InvoicePricesFragment, InvoiceQuery } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { invoicesPage } from '../../domain/limits';
import { isAppError } from '../../domain/app-error';
import {
  isGatewayModule,
  type BankDetails,
  type CryptoPayment,
  type InvoiceState,
  type InvoiceStatus,
  type PaymentGateway,
  type PaymentOptions,
} from '../../machines/payments/payments.types';

graphql(`
  fragment InvoiceFields on Invoice {
    id
    tag
    payee_logo
    payee
    payer
    fees
    taxes
    penalty
    total
    currency
    status
    note
    upgrade {
      from_product
      to_product
      new_price
      current_price
      days_left
      days_in_cycle
      credit
      difference
    }
    payment_gateway
    due_date
    date_paid
    created_at
    kind
    subtotal
    discount
    amount_paid
    amount_due
    payment_deadline
    cancel_reason
    transfer_report {
      reported_at
      gateway
      transfer_method
    }
    promocode {
      discount
      discount_type
      code
    }
    items {
      subject
      amount
      currency
      qty
      unit_price
      billing_cycle
      product_id
    }
    crypto_transaction {
      amount
      address
      txn_id
      confirms_needed
      status_url
      currency
      expires_at
    }
    payments {
      gateway
      amount
      currency
      credited
      late
      created_at
    }
  }
`);

graphql(`
  fragment InvoicePrices on Invoice {
    method_prices {
      gateway
      fees
      total
      amount_due
    }
  }
`);

export const invoiceQuery = graphql(`
  query Invoice($id: ID!) {
    invoice(id: $id) {
      ...InvoiceFields
      ...InvoicePrices
    }
  }
`);

/**
 * The member's balances alone, read afresh after a deposit: a call of its own, so it never joins a read of the
 * member (the shell's Me poll) already under way from before the deposit was paid.
 */
export const paymentBalanceQuery = graphql(`
  query PaymentBalance {
    me {
      id
      wallet_balance {
        currency
        available
      }
    }
  }
`);

export const invoicesQuery = graphql(`
  query Invoices($status: String, $page: Int, $count: Int) {
    invoices(status: $status, page: $page, count: $count) {
      data {
        id
        tag
        total
        currency
        status
        due_date
        created_at
      }
      paginatorInfo {
        current_page
        last_page
        total
      }
    }
  }
`);

export const paymentOptionsQuery = graphql(`
  query PaymentOptions($whitelabel_uuid: ID!) {
    whiteLabelGateways(whitelabel_uuid: $whitelabel_uuid) {
      id
      name
      display_name
      logo
      status
      type
      module
      description
      guide_url
      hidden_in_form
      automatic
    }
    coinPaymentsConfig {
      name
      description
      status
      is_fiat
    }
    cpayConfig {
      id
      name
      description
      network
      replenish_minimum_value
    }
    bankTransferConfig {
      name
      address
      card_number
      swift
      iban
      bic
      bank_name
      bank_address
    }
  }
`);

export const setInvoiceGatewayMutation = graphql(`
  mutation SetInvoiceGateway($whitelabel_uuid: ID!, $invoice_id: ID!, $gateway: String!, $network: String) {
    setInvoiceGateway(whitelabel_uuid: $whitelabel_uuid, invoice_id: $invoice_id, gateway: $gateway, network: $network) {
      ...InvoiceFields
      ...InvoicePrices
    }
  }
`);

export const payFromBalanceMutation = graphql(`
  mutation PayFromBalance($invoice_id: ID!, $idempotency_key: String) {
    payFromBalance(invoice_id: $invoice_id, idempotency_key: $idempotency_key) {
      status
      message
    }
  }
`);

export const reportInvoiceTransferMutation = graphql(`
  mutation ReportInvoiceTransfer($invoice_id: ID!, $transfer_method: String!) {
    reportInvoiceTransfer(invoice_id: $invoice_id, transfer_method: $transfer_method) {
      ...InvoiceFields
      ...InvoicePrices
    }
  }
`);

export const coinPaymentsTransactionMutation = graphql(`
  mutation CoinPaymentsCreateTransaction($invoice_id: ID!, $currency: String!, $idempotency_key: String) {
    coinPaymentsCreateTransaction(invoice_id: $invoice_id, currency: $currency, idempotency_key: $idempotency_key) {
      amount
      address
      txn_id
      confirms_needed
      status_url
      currency
      expires_at
    }
  }
`);

export const cpayTransactionMutation = graphql(`
  mutation CpayCreateTransaction($invoice_id: ID!, $currency_id: ID!, $idempotency_key: String) {
    cpayCreateTransaction(invoice_id: $invoice_id, currency_id: $currency_id, idempotency_key: $idempotency_key) {
      amount
      address
      txn_id
      currency
      expires_at
    }
  }
`);

export const payportLinkQuery = graphql(`
  query PayportLink($invoice_id: ID!) {
    payportLink(invoice_id: $invoice_id) {
      link
    }
  }
`);

export const prodamusLinkQuery = graphql(`
  query ProdamusLink($invoice_id: ID!) {
    prodamusLink(invoice_id: $invoice_id) {
      link
    }
  }
`);

export const depositFundsMutation = graphql(`
  mutation DepositFunds($amount: Decimal!, $currency: String, $idempotency_key: String) {
    depositFunds(amount: $amount, currency: $currency, idempotency_key: $idempotency_key) {
      id
      tag
    }
  }
`);

/** The invoice page's invoice (with what each way to pay would charge). */
export type Invoice = NonNullable<InvoiceQuery['invoice']>;

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.payments.invoice(id),
    // An unknown invoice, or another member's, is no invoice: the page says so instead of failing.
    queryFn: () =>
      api.request(invoiceQuery, { id }).catch((error: unknown) => {
        if (isAppError(error) && error.reason === 'InvoiceNotFound') return { invoice: null };
        throw error;
      }),
  });

export const invoicesQueryOptions = (filter: { status?: InvoiceStatus; page?: number }) =>
  queryOptions({
    queryKey: queryKeys.payments.invoices(filter),
    queryFn: () =>
      api.request(invoicesQuery, { status: filter.status ?? null, page: filter.page ?? 1, count: invoicesPage.default }),
    placeholderData: keepPreviousData,
  });

export const paymentOptionsQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.payments.options(whitelabelUuid),
    queryFn: () => api.request(paymentOptionsQuery, { whitelabel_uuid: whitelabelUuid }),
    staleTime: 5 * 60_000,
  });

type ApiTransaction = Omit<NonNullable<InvoiceFieldsFragment['crypto_transaction']>, 'confirms_needed' | 'status_url'> & {
  confirms_needed?: number | null;
  status_url?: string | null;
};

export const toCryptoPayment = (transaction: ApiTransaction): CryptoPayment => ({
  amount: transaction.amount,
  currency: transaction.currency ?? '',
  address: transaction.address,
  txnId: transaction.txn_id ?? null,
  confirmsNeeded: transaction.confirms_needed ?? null,
  statusUrl: transaction.status_url ?? null,
  expiresAt: transaction.expires_at ?? null,
});

export const toInvoiceState = (invoice: InvoiceFieldsFragment & Partial<InvoicePricesFragment>): InvoiceState => ({
  id: invoice.id,
  tag: invoice.tag,
  kind: invoice.kind,
  status: invoice.status,
  currency: invoice.currency,
  total: invoice.total,
  fees: invoice.fees ?? '0',
  amountPaid: invoice.amount_paid,
  amountDue: invoice.amount_due,
  gateway: invoice.payment_gateway ?? null,
  cryptoTransaction: invoice.crypto_transaction ? toCryptoPayment(invoice.crypto_transaction) : null,
  transferReportedAt: invoice.transfer_report?.reported_at ?? null,
  payments: invoice.payments.map((payment) => ({
    gateway: payment.gateway,
    amount: payment.amount,
    currency: payment.currency,
    credited: payment.credited,
    late: payment.late,
  })),
  prices: (invoice.method_prices ?? []).flatMap((price) =>
    price.gateway === 'balance' || isGatewayModule(price.gateway)
      ? [{ method: price.gateway, fees: price.fees, total: price.total, amountDue: price.amount_due }]
      : [],
  ),
});

type ApiOptions = Awaited<ReturnType<typeof fetchPaymentOptions>>;
const fetchPaymentOptions = (whitelabelUuid: string) => api.request(paymentOptionsQuery, { whitelabel_uuid: whitelabelUuid });

/** The tenant's ways to pay as the gateway step offers them: active gateways shown in the form, their coins. */
export function toPaymentOptions(answer: ApiOptions): PaymentOptions {
  const gateways: PaymentGateway[] = answer.whiteLabelGateways.flatMap((gateway) =>
    gateway.status === 'active' && !gateway.hidden_in_form && isGatewayModule(gateway.module)
      ? [
          {
            id: gateway.id,
            module: gateway.module,
            name: gateway.display_name?.trim() || null,
            description: gateway.description ?? null,
            logo: gateway.logo ?? null,
            type: gateway.type,
            automatic: gateway.automatic,
            guideUrl: gateway.guide_url ?? null,
          },
        ]
      : [],
  );
  const bank = answer.bankTransferConfig;
  const bankDetails: BankDetails | null = bank
    ? {
        name: bank.name ?? null,
        address: bank.address ?? null,
        cardNumber: bank.card_number ?? null,
        swift: bank.swift ?? null,
        iban: bank.iban ?? null,
        bic: bank.bic ?? null,
        bankName: bank.bank_name ?? null,
        bankAddress: bank.bank_address ?? null,
      }
    : null;
  return {
    gateways,
    coins: {
      coinpayments: answer.coinPaymentsConfig
        .filter((coin) => !coin.is_fiat && coin.status !== 'inactive')
        .map((coin) => ({ id: coin.name, code: coin.name, name: coin.description || coin.name, network: null, minimum: null })),
      cpay: answer.cpayConfig.map((network) => ({
        id: network.id,
        code: network.name,
        name: network.description || network.name,
        network: network.network ?? null,
        minimum: network.replenish_minimum_value ?? null,
      })),
    },
    bank: bankDetails,
  };
}
