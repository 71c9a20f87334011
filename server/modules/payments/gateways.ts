// The tenant's payment gateways: what the payment form lists and configures (gateways, bank details, coins
// and networks), which gateway is usable now, its fees on an invoice, and choosing one for an invoice.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ServerConfig } from '../../config';
import type { UserRow } from '../../context';
import type { Gateway } from '../../generated/resolvers-types';
import { appError } from '../../errors';
import { gatewayFee } from '../../../domain/pricing';
import { compare, subtract, type Decimal } from '../../../domain/money';
import { adapterFor, isGatewayModule } from '../../gateways';
import type { TenantRow } from '../shell/service';
import { expireInvoices } from './expiry';
import { amountDue, atLeastZero, invoiceNotFound, lockOwnInvoice, requirePayable, totalWith } from './invoices';
import type { InvoiceRow } from './invoice-kinds';
import { ownInvoiceMatch, type InvoiceRef } from './invoice-ref';
import { settleIfCovered } from './settlement';
import { gatewayCurrencies, gatewayFees, gatewayTransactions, invoices, paymentGateways } from './tables';

export type GatewayRow = typeof paymentGateways.$inferSelect;

function gatewayView(row: GatewayRow): Gateway {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    logo: row.logo,
    status: row.status,
    type: row.type,
    module: row.module,
    description: row.description,
    public_config: row.publicConfig,
    website_url: row.websiteUrl,
    guide_url: row.guideUrl,
    hidden_in_form: row.hiddenInForm,
    automatic: row.automatic,
  };
}

export async function tenantGateways(db: Db, tenantId: number): Promise<Gateway[]> {
  const rows = await db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.tenantId, tenantId))
    .orderBy(asc(paymentGateways.sortOrder), asc(paymentGateways.id));
  return rows.map(gatewayView);
}

/** bankTransferConfig: the public details of the tenant's bank_transfer gateway. */
export async function bankTransferDetails(db: Db, tenantId: number) {
  const [row] = await db
    .select({ config: paymentGateways.publicConfig })
    .from(paymentGateways)
    .where(and(eq(paymentGateways.tenantId, tenantId), eq(paymentGateways.module, 'bank_transfer')));
  if (!row) return null;
  const config = (row.config ?? {}) as Record<string, string | null | undefined>;
  const pick = (name: string) => config[name] ?? null;
  return {
    name: pick('name'),
    address: pick('address'),
    card_number: pick('card_number'),
    swift: pick('swift'),
    iban: pick('iban'),
    bic: pick('bic'),
    ipn: pick('ipn'),
    bank_name: pick('bank_name'),
    bank_address: pick('bank_address'),
  };
}

/** coinPaymentsConfig and cpayConfig: the coins and networks the crypto gateways take. */
export async function gatewayCoins(db: Db, gateway: 'coinpayments' | 'cpay') {
  return db
    .select()
    .from(gatewayCurrencies)
    .where(eq(gatewayCurrencies.gateway, gateway))
    .orderBy(asc(gatewayCurrencies.sortOrder), asc(gatewayCurrencies.id));
}

const gatewayUnavailable = () => appError('conflict', 'This payment gateway is temporarily unavailable.', { reason: 'GatewayUnavailable' });

/** The tenant's gateway by module or id, usable now: configured, active, and allowed by payment_acceptance. */
export async function usableGateway(tx: Db, tenant: TenantRow, name: string, config: Pick<ServerConfig, 'production'>): Promise<GatewayRow> {
  const key = name.trim();
  const match = /^\d{1,9}$/.test(key) ? eq(paymentGateways.id, Number.parseInt(key, 10)) : eq(paymentGateways.module, key);
  const [gateway] = await tx
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.tenantId, tenant.id), match));
  if (!gateway || gateway.status !== 'active' || !isGatewayModule(gateway.module)) throw gatewayUnavailable();
  if (gateway.automatic && !tenant.paymentAcceptance) {
    throw appError('conflict', 'We do not support automatic payment acceptance (contact support).', { reason: 'AutomaticAcceptanceOff' });
  }
  if (gateway.automatic && !adapterFor(gateway.module, config)) throw gatewayUnavailable();
  return gateway;
}

/** The fee rule for a gateway and currency: the currency's own, else the gateway's '*' rule, else none. */
async function feeRule(tx: Db, tenantId: number, gateway: string, currency: string) {
  const rules = await tx
    .select()
    .from(gatewayFees)
    .where(and(eq(gatewayFees.tenantId, tenantId), eq(gatewayFees.gateway, gateway), inArray(gatewayFees.currency, [currency, '*'])));
  const rule = rules.find((candidate) => candidate.currency === currency) ?? rules.find((candidate) => candidate.currency === '*');
  return rule ? { percent: rule.percent, fixed: rule.fixed } : { percent: '0', fixed: '0' };
}

/** A gateway's own fee on the invoice's base (subtotal - discount); the balance has none. */
async function gatewayFeeOn(tx: Db, invoice: InvoiceRow, gateway: string, currency: string): Promise<Decimal> {
  if (gateway === 'balance') return '0.00';
  return gatewayFee(atLeastZero(subtract(invoice.subtotal, invoice.discount)), await feeRule(tx, invoice.tenantId, gateway, currency));
}

/**
 * The fee that money already received keeps owed: a gateway (and coin) through which part of the invoice
 * arrived keeps its fee, the largest of them, so switching methods after a partial payment (to the balance,
 * or to a cheaper gateway) never lowers what is due.
 */
async function feeKept(tx: Db, invoice: InvoiceRow): Promise<Decimal> {
  const paidThrough = await tx
    .selectDistinct({ gateway: gatewayTransactions.gateway, currency: gatewayTransactions.coinCurrency })
    .from(gatewayTransactions)
    .where(
      and(
        eq(gatewayTransactions.invoiceId, invoice.id),
        eq(gatewayTransactions.status, 'completed'),
        inArray(gatewayTransactions.outcome, ['invoice', 'overpaid']),
      ),
    );
  let kept = '0.00';
  for (const { gateway, currency } of paidThrough) {
    const fee = await gatewayFeeOn(tx, invoice, gateway, currency);
    if (compare(fee, kept) > 0) kept = fee;
  }
  return kept;
}

/**
 * The invoice's fees and total when paid through a gateway (or balance) in a currency: the gateway's fee, but
 * never less than the fee that money already received through another gateway keeps owed (feeKept).
 */
export async function repriced(tx: Db, invoice: InvoiceRow, gateway: string, currency: string) {
  const own = await gatewayFeeOn(tx, invoice, gateway, currency);
  const kept = await feeKept(tx, invoice);
  const fees = compare(kept, own) > 0 ? kept : own;
  return { fees, total: totalWith(invoice, fees) };
}

/**
 * Invoice.method_prices: what each way to pay would charge before one is chosen, by the rule setInvoiceGateway
 * sets (repriced), so the figure the member is shown is the figure charged. Only an unpaid invoice has them.
 */
export async function methodPrices(db: Db, invoiceId: number) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.status !== 'unpaid') return [];
  const gateways = await db
    .select({ module: paymentGateways.module })
    .from(paymentGateways)
    .where(and(eq(paymentGateways.tenantId, invoice.tenantId), eq(paymentGateways.status, 'active')))
    .orderBy(asc(paymentGateways.sortOrder), asc(paymentGateways.id));
  const methods = ['balance', ...gateways.map((gateway) => gateway.module).filter(isGatewayModule)];
  return Promise.all(
    methods.map(async (gateway) => {
      const { fees, total } = await repriced(db, invoice, gateway, invoice.currency);
      return { gateway, fees, total, amount_due: amountDue({ total, amountPaid: invoice.amountPaid }) };
    }),
  );
}

/**
 * setInvoiceGateway: the gateway (a module or id, or balance) and its fees. A change that leaves the invoice
 * covered by what already arrived settles it.
 */
export async function chooseGateway(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  tenant: TenantRow,
  user: UserRow,
  input: { invoice: InvoiceRef; gateway: string; network: string | null },
): Promise<number> {
  await expireInvoices(db, ownInvoiceMatch(user.id, input.invoice));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const invoice = await lockOwnInvoice(tx, user.id, input.invoice);
    if (invoice.tenantId !== tenant.id) throw invoiceNotFound();
    await requirePayable(tx, invoice);
    const module = input.gateway.trim() === 'balance' ? 'balance' : (await usableGateway(tx, tenant, input.gateway, config)).module;
    const { fees, total } = await repriced(tx, invoice, module, invoice.currency);
    const fiat = module === 'bank_transfer' || module === 'payport' || module === 'prodamus';
    await tx
      .update(invoices)
      .set({
        paymentGateway: module,
        gatewayNetwork: input.network,
        fees,
        total,
        ...(fiat && !invoice.fiatPaymentStartedAt ? { fiatPaymentStartedAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoice.id));
    await settleIfCovered(tx, invoice.id);
    return invoice.id;
  });
}

/** How a bank transfer is made (the bank details step's choice). */
export const transferMethods = ['account', 'card'] as const;

/**
 * reportInvoiceTransfer: the member made the bank transfer (I paid). The invoice remembers when (the first
 * report) and how, so a reload says the transfer is on its way instead of inviting a second payment. Nothing
 * moves: the operator confirms the money when the bank has it.
 */
export async function reportTransfer(
  db: Db,
  user: UserRow,
  input: { invoice: InvoiceRef; transferMethod: (typeof transferMethods)[number] },
): Promise<number> {
  await expireInvoices(db, ownInvoiceMatch(user.id, input.invoice));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const invoice = await lockOwnInvoice(tx, user.id, input.invoice);
    await requirePayable(tx, invoice);
    if (invoice.paymentGateway !== 'bank_transfer') {
      throw appError('conflict', 'Choose the bank transfer for this invoice before reporting a transfer.');
    }
    const now = new Date();
    await tx
      .update(invoices)
      .set({
        transferReportedAt: invoice.transferReportedAt ?? now,
        transferReportedGateway: invoice.paymentGateway,
        transferMethod: input.transferMethod,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoice.id));
    return invoice.id;
  });
}
