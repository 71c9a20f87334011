// Payments: the member's invoices, gateways and their configuration, choosing a gateway, paying from the
// balance, crypto transactions and payment links, and deposits. Only an invoice's owner can see or pay it.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireHostTenant, requireViewerTenant, type Context } from '../../context';
import { idempotencyKeyField, tenantField, validate } from '../../validation';
import { invoicesPage } from '../../../domain/limits';
import { payFromBalance } from './balance';
import { createDeposit } from './deposits';
import { bankTransferDetails, chooseGateway, gatewayCoins, methodPrices, reportTransfer, tenantGateways, transferMethods } from './gateways';
import { invoiceRefField } from './invoice-ref';
import { invoicePage, invoiceStatuses, invoiceViews, ownInvoice } from './invoice-views';
import { createCryptoTransaction, paymentLink } from './transactions';

const coinField = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(32, 'maxLength:32'));

const pageInput = v.object({
  status: v.nullish(v.picklist(invoiceStatuses, 'invoiceStatus')),
  page: v.pipe(v.number(), v.integer('integer'), v.minValue(1, 'minValue:1')),
  count: v.pipe(v.number(), v.integer('integer'), v.minValue(1, 'minValue:1'), v.maxValue(invoicesPage.max, `maxValue:${invoicesPage.max}`)),
});

/** Where this server answers: the sandbox's page and QR links point back to it. */
const originOf = (context: Context) => new URL(context.request.url).origin;

export const paymentsResolvers: Resolvers = {
  Query: {
    async invoice(_parent, args, context) {
      const { id } = validate(v.object({ id: invoiceRefField }), args);
      const { user } = await requireViewerTenant(context);
      return ownInvoice(context.db, user.id, id);
    },
    async invoices(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const input = validate(pageInput, { status: args.status || null, page: args.page ?? 1, count: args.count ?? invoicesPage.default });
      return invoicePage(context.db, user.id, input.status ?? null, input.page, input.count);
    },
    async whiteLabelGateways(_parent, args, context) {
      const { whitelabel_uuid } = validate(v.object({ whitelabel_uuid: tenantField }), args);
      const tenant = await requireHostTenant(context, whitelabel_uuid);
      return tenantGateways(context.db, tenant.id);
    },
    async coinPaymentsConfig(_parent, _args, context) {
      const coins = await gatewayCoins(context.db, 'coinpayments');
      return coins.map((coin) => ({ name: coin.code, description: coin.description ?? coin.name, status: coin.status, is_fiat: coin.isFiat }));
    },
    async cpayConfig(_parent, _args, context) {
      const networks = await gatewayCoins(context.db, 'cpay');
      return networks.map((network) => ({
        id: network.id,
        name: network.name,
        description: network.description,
        node_type: network.nodeType,
        network: network.network,
        replenish_minimum_value: network.replenishMinimum,
      }));
    },
    async bankTransferConfig(_parent, _args, context) {
      const { tenant } = await requireViewerTenant(context);
      return bankTransferDetails(context.db, tenant.id);
    },
    async payportLink(_parent, args, context) {
      const { invoice_id } = validate(v.object({ invoice_id: invoiceRefField }), args);
      const { user } = await requireViewerTenant(context);
      return paymentLink(context.db, context.config, user, { invoice: invoice_id, module: 'payport', origin: originOf(context) });
    },
    async prodamusLink(_parent, args, context) {
      const { invoice_id } = validate(v.object({ invoice_id: invoiceRefField }), args);
      const { user } = await requireViewerTenant(context);
      return paymentLink(context.db, context.config, user, { invoice: invoice_id, module: 'prodamus', origin: originOf(context) });
    },
  },
  Mutation: {
    async setInvoiceGateway(_parent, args, context) {
      const input = validate(
        v.object({
          whitelabel_uuid: tenantField,
          invoice_id: invoiceRefField,
          gateway: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(32, 'maxLength:32')),
          network: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(64, 'maxLength:64'))),
        }),
        args,
      );
      const { user, tenant } = await requireViewerTenant(context, input.whitelabel_uuid);
      const id = await chooseGateway(context.db, context.config, tenant, user, {
        invoice: input.invoice_id,
        gateway: input.gateway,
        network: input.network || null,
      });
      return (await invoiceViews(context.db, [id]))[0]!;
    },
    async payFromBalance(_parent, args, context) {
      const input = validate(v.object({ invoice_id: invoiceRefField, idempotency_key: idempotencyKeyField }), args);
      const { user } = await requireViewerTenant(context);
      return payFromBalance(context.db, user, input.invoice_id, input.idempotency_key ?? null);
    },
    async reportInvoiceTransfer(_parent, args, context) {
      const input = validate(
        v.object({ invoice_id: invoiceRefField, transfer_method: v.picklist(transferMethods, 'transferMethod') }),
        args,
      );
      const { user } = await requireViewerTenant(context);
      const id = await reportTransfer(context.db, user, { invoice: input.invoice_id, transferMethod: input.transfer_method });
      return (await invoiceViews(context.db, [id]))[0]!;
    },
    async coinPaymentsCreateTransaction(_parent, args, context) {
      const input = validate(v.object({ invoice_id: invoiceRefField, currency: coinField, idempotency_key: idempotencyKeyField }), args);
      const { user } = await requireViewerTenant(context);
      return createCryptoTransaction(context.db, context.config, user, {
        invoice: input.invoice_id,
        module: 'coinpayments',
        coinRef: input.currency,
        origin: originOf(context),
        idempotencyKey: input.idempotency_key ?? null,
      });
    },
    async cpayCreateTransaction(_parent, args, context) {
      const input = validate(v.object({ invoice_id: invoiceRefField, currency_id: coinField, idempotency_key: idempotencyKeyField }), args);
      const { user } = await requireViewerTenant(context);
      const txn = await createCryptoTransaction(context.db, context.config, user, {
        invoice: input.invoice_id,
        module: 'cpay',
        coinRef: input.currency_id,
        origin: originOf(context),
        idempotencyKey: input.idempotency_key ?? null,
      });
      return { amount: txn.amount, address: txn.address, txn_id: txn.txn_id, currency: txn.currency, expires_at: txn.expires_at };
    },
    async depositFunds(_parent, args, context) {
      const input = validate(
        v.object({
          amount: v.pipe(v.string('required'), v.trim(), v.maxLength(16, 'maxLength:16')),
          currency: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(16, 'maxLength:16'))),
          idempotency_key: idempotencyKeyField,
        }),
        args,
      );
      const { user, tenant } = await requireViewerTenant(context);
      const id = await createDeposit(context.db, tenant, user, {
        amount: input.amount,
        currency: input.currency || null,
        idempotencyKey: input.idempotency_key ?? null,
      });
      return (await invoiceViews(context.db, [id]))[0]!;
    },
  },
  Invoice: {
    // Counted only when a client asks (the payment dialog, before a method is chosen); the parent is an
    // invoice its owner was allowed to read.
    method_prices: (invoice, _args, { db }) => methodPrices(db, Number(invoice.id)),
  },
};
