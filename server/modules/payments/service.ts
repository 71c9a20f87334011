// Invoices and how they are paid: from the balance, through a crypto transaction or a payment link, by bank
// transfer; deposits; gateway callbacks. Every write that moves money runs in one transaction that locks the
// invoice it reads (SELECT ... FOR UPDATE), writes its ledger rows through the wallet area, and is
// idempotent: a repeated idempotency key answers the first result, a transaction completes once, and an
// invoice is settled once (a conditional update from unpaid) or canceled once.
//
// Where money that arrives through a gateway goes (the spec names the ledger types, not the rules; these are
// ours, and the Invoice's payments show each payment's outcome):
// - for an unpaid invoice it counts toward it at the transaction's rate (after the 15-minute lock at the rate
//   when it arrives): short leaves the rest due (a new transaction or the balance pays it), exactly or over
//   pays the invoice and the excess goes to the wallet in the invoice's currency (OVERPAYMENT);
// - for an invoice that can no longer take it (already paid another way, canceled, refunded, or an upgrade
//   gone stale), it goes to the wallet whole (OVERPAYMENT), once per gateway transaction;
// - an unpaid invoice canceled with something paid on it gives that back to the wallet (REFUND_TO_BALANCE),
//   and gives back the promo code use it held.
// An unpaid order invoice holding a promo code use, with nothing paid, no gateway transaction in its rate
// lock and no fiat transfer started in the last 5 days (fiatPaymentWait), expires at its due date (3 days):
// it is canceled lazily, when the code is checked or used, or when the member reads or pays their invoices.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { ServerConfig } from '../../config';
import type { UserRow } from '../../context';
import type { CryptoTransaction, Gateway, Invoice } from '../../generated/resolvers-types';
import { appError, validationError } from '../../errors';
import { billingCycleMonths, depositAmount, excludedWalletCurrencies } from '../../../domain/limits';
import { exchangeRateLock, fiatPaymentWait, invoiceDue } from '../../../domain/timing';
import { add, cents, compare, divideRoundingUp, multiply, subtract, type Decimal } from '../../../domain/money';
import { gatewayFee, isBillingCycle } from '../../../domain/pricing';
import { adapterFor, isGatewayModule, type CallbackEvent, type GatewayModule } from '../../gateways';
import { ipnBody, signIpn, signatureHeader } from '../../gateways/ipn';
import { findTenantById, tenantFlag, type TenantRow } from '../shell/service';
import { users } from '../account/tables';
import { tenants } from '../shell/tables';
import { products, promoCodes, promoCodeUses, purchases } from '../shop/tables';
import { enrolOnPurchase } from '../learning/service';
import { creditWallet, debitWallet } from '../wallet/ledger';
import { fulfilTariffInvoice, isTariffInvoiceKind, tariffInvoicePayable, type TariffInvoiceKind } from '../tariffs/fulfil';
import { approveInvoiceEarnings, recordPendingEarnings } from '../affiliates/earnings';
import {
  gatewayCallbacks,
  gatewayCurrencies,
  gatewayFees,
  gatewayTransactions,
  invoiceItems,
  invoices,
  invoiceStatuses,
  paymentGateways,
  type CancelReason,
  type InvoiceStatus,
  type PaymentOutcome,
} from './tables';

export { invoices, invoiceStatuses };

type InvoiceRow = typeof invoices.$inferSelect;
type GatewayRow = typeof paymentGateways.$inferSelect;
type TxnRow = typeof gatewayTransactions.$inferSelect;

const atLeastZero = (value: Decimal) => (compare(value, '0') < 0 ? '0.00' : cents(value));

// ---------------------------------------------------------------- invoices

export interface NewInvoice {
  tenantId: number;
  userId: number;
  kind: 'order' | 'deposit' | TariffInvoiceKind;
  currency: string;
  orderId?: number | null;
  subtotal: Decimal;
  discount: Decimal;
  promo?: { id: number; code: string; discount: Decimal; discountType: string } | null;
  items: { productId?: number | null; subject: string; billingCycle?: string | null; qty: number; unitPrice: Decimal; amount: Decimal }[];
}

const newTag = () => `INV-${randomBytes(6).toString('hex').toUpperCase()}`;

/** Writes an invoice and its items (inside the caller's transaction); fees come with the gateway later. */
export async function insertInvoice(tx: Db, data: NewInvoice): Promise<InvoiceRow> {
  const now = new Date();
  const [invoice] = await tx
    .insert(invoices)
    .values({
      tag: newTag(),
      tenantId: data.tenantId,
      userId: data.userId,
      kind: data.kind,
      currency: data.currency,
      subtotal: data.subtotal,
      discount: data.discount,
      total: atLeastZero(subtract(data.subtotal, data.discount)),
      orderId: data.orderId ?? null,
      promoCodeId: data.promo?.id ?? null,
      promoCode: data.promo?.code ?? null,
      promoDiscount: data.promo?.discount ?? null,
      promoDiscountType: data.promo?.discountType ?? null,
      dueDate: new Date(now.getTime() + invoiceDue),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await recordPendingEarnings(tx, invoice!);
  await tx.insert(invoiceItems).values(
    data.items.map((item) => ({
      invoiceId: invoice!.id,
      productId: item.productId ?? null,
      subject: item.subject,
      billingCycle: item.billingCycle ?? null,
      qty: item.qty,
      unitPrice: item.unitPrice,
      amount: item.amount,
      currency: data.currency,
    })),
  );
  return invoice!;
}

const invoiceNotFound = () => appError('not_found', 'Invoice not found.', { reason: 'InvoiceNotFound' });
const alreadyPaid = () => appError('conflict', 'This invoice is already paid.', { reason: 'InvoiceAlreadyPaid' });
const notPayable = (status: string) => appError('conflict', `This invoice is ${status} and cannot be paid.`);
const upgradeStale = () =>
  appError('conflict', 'This upgrade invoice is out of date: your tariff changed since it was made. Start the upgrade again.', {
    reason: 'UpgradeStale',
  });
const invoiceCanceled = () => appError('conflict', 'This invoice was canceled and cannot be paid.', { reason: 'InvoiceCanceled' });

const tagPattern = /^INV-[0-9A-F]{12}$/;

/** The member's invoice by id or tag, locked for the transaction; another member's is not found. */
async function lockOwnInvoice(tx: Db, userId: number, ref: string): Promise<InvoiceRow> {
  const key = ref.trim();
  const match = tagPattern.test(key) ? eq(invoices.tag, key) : /^\d{1,9}$/.test(key) ? eq(invoices.id, Number.parseInt(key, 10)) : null;
  if (!match) throw invoiceNotFound();
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(match, eq(invoices.userId, userId)))
    .for('update');
  if (!invoice) throw invoiceNotFound();
  return invoice;
}

/**
 * The invoice can still take a payment: unpaid (paid is InvoiceAlreadyPaid; canceled is UpgradeStale for an
 * upgrade replaced or gone stale, else InvoiceCanceled; refunded cannot be paid).
 */
function requireUnpaid(invoice: InvoiceRow) {
  if (invoice.status === 'paid') throw alreadyPaid();
  if (invoice.status === 'canceled') {
    throw invoice.kind === 'upgrade' && (invoice.cancelReason === 'stale' || invoice.cancelReason === 'replaced') ? upgradeStale() : invoiceCanceled();
  }
  if (invoice.status !== 'unpaid') throw notPayable(invoice.status);
}

/** requireUnpaid, and the tariffs area's say (a stale upgrade is refused): with the invoice locked, before money moves. */
async function requirePayable(tx: Db, invoice: InvoiceRow) {
  requireUnpaid(invoice);
  if (!(await tariffInvoicePayable(tx, invoice))) throw upgradeStale();
}

// ---------------------------------------------------------------- canceling and expiry

/**
 * Cancels an unpaid invoice, once (a conditional update from unpaid): what was paid on it goes back to the
 * wallet (REFUND_TO_BALANCE) and the promo code use it held is released (released_at set once, used_count
 * one lower). Callbacks for its pending gateway transactions credit the wallet later (see applyCallback).
 */
export async function cancelInvoice(tx: Db, invoiceId: number, reason: CancelReason): Promise<boolean> {
  const now = new Date();
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'canceled', cancelReason: reason, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'unpaid')))
    .returning();
  if (!invoice) return false;
  if (compare(invoice.amountPaid, '0') > 0) {
    await creditWallet(tx, {
      userId: invoice.userId,
      currency: invoice.currency,
      amount: cents(invoice.amountPaid),
      type: 'REFUND_TO_BALANCE',
      entryKey: `invoice:${invoice.id}:REFUND_TO_BALANCE`,
      invoiceId: invoice.id,
      note: `Paid on invoice ${invoice.tag}, canceled (${reason})`,
    });
  }
  const released = await tx
    .update(promoCodeUses)
    .set({ releasedAt: now })
    .where(and(eq(promoCodeUses.invoiceId, invoice.id), isNull(promoCodeUses.releasedAt)))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  for (const { promoCodeId } of released) {
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
      .where(eq(promoCodes.id, promoCodeId));
  }
  return true;
}

/** Unpaid invoices that may have to be canceled: orders holding a promo code use, past due, nothing paid; upgrades. */
const cancelCandidates = (now: Date) =>
  and(
    eq(invoices.status, 'unpaid'),
    or(
      and(
        eq(invoices.kind, 'order'),
        isNotNull(invoices.promoCodeId),
        eq(invoices.amountPaid, '0'),
        lte(invoices.dueDate, now),
        or(isNull(invoices.fiatPaymentStartedAt), lte(invoices.fiatPaymentStartedAt, new Date(now.getTime() - fiatPaymentWait))),
      ),
      eq(invoices.kind, 'upgrade'),
    ),
  );

/** Why a locked unpaid invoice can no longer be paid, or null. */
async function cancelReasonOf(tx: Db, invoice: InvoiceRow, now: Date): Promise<CancelReason | null> {
  if (invoice.status !== 'unpaid') return null;
  if (!(await tariffInvoicePayable(tx, invoice))) return 'stale';
  if (invoice.kind !== 'order' || invoice.promoCodeId === null || compare(invoice.amountPaid, '0') !== 0 || invoice.dueDate > now) return null;
  // A bank transfer (or payment link) started on it may take banking days to arrive.
  if (invoice.fiatPaymentStartedAt && invoice.fiatPaymentStartedAt.getTime() > now.getTime() - fiatPaymentWait) return null;
  // A crypto payment may be on its way while its rate lock runs.
  const [inFlight] = await tx
    .select({ id: gatewayTransactions.id })
    .from(gatewayTransactions)
    .where(and(eq(gatewayTransactions.invoiceId, invoice.id), eq(gatewayTransactions.status, 'pending'), gt(gatewayTransactions.expiresAt, now)))
    .limit(1);
  return inFlight ? null : 'expired';
}

/**
 * Cancels the invoices `scope` names that can no longer be paid (expired orders holding a promo code use,
 * stale upgrades), inside the caller's transaction. Invoices another transaction holds are skipped (a payment
 * is on them); each is canceled once however many sweeps run at the same time. Answers how many it canceled.
 */
export async function expireInvoicesIn(tx: Db, scope: SQL | undefined): Promise<number> {
  const now = new Date();
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(cancelCandidates(now), scope))
    .orderBy(asc(invoices.id))
    .for('update', { skipLocked: true });
  let canceled = 0;
  for (const invoice of rows) {
    const reason = await cancelReasonOf(tx, invoice, now);
    if (reason && (await cancelInvoice(tx, invoice.id, reason))) canceled += 1;
  }
  return canceled;
}

/** expireInvoicesIn in a transaction of its own, opened only when some invoice in scope is a candidate. */
export async function expireInvoices(db: Db, scope: SQL | undefined): Promise<number> {
  const [candidate] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(cancelCandidates(new Date()), scope))
    .limit(1);
  if (!candidate) return 0;
  return db.transaction((tx) => expireInvoicesIn(tx as unknown as Db, scope));
}

/** The scope of the member's invoice named by id or tag (nothing when the reference is no invoice's). */
const ownInvoiceScope = (userId: number, ref: string) => {
  const key = ref.trim();
  const match = tagPattern.test(key) ? eq(invoices.tag, key) : /^\d{1,9}$/.test(key) ? eq(invoices.id, Number.parseInt(key, 10)) : sql`false`;
  return and(match, eq(invoices.userId, userId));
};

/** total = subtotal - discount + fees + taxes + penalty. */
const totalWith = (invoice: Pick<InvoiceRow, 'subtotal' | 'discount' | 'taxes' | 'penalty'>, fees: Decimal) =>
  cents(add(add(add(atLeastZero(subtract(invoice.subtotal, invoice.discount)), fees), invoice.taxes), invoice.penalty));

const amountDue = (invoice: Pick<InvoiceRow, 'total' | 'amountPaid'>) => atLeastZero(subtract(invoice.total, invoice.amountPaid));

function cryptoView(txn: TxnRow): CryptoTransaction {
  return {
    amount: txn.amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    address: txn.address ?? '',
    txn_id: txn.txnId,
    confirms_needed: txn.confirmsNeeded,
    checkout_url: txn.checkoutUrl,
    status_url: txn.statusUrl,
    qrcode_url: txn.qrcodeUrl,
    currency: txn.coin,
    expires_at: txn.expiresAt,
    status: txn.status,
  };
}

/** Invoices as the contract shows them: items, payments that arrived, the current crypto transaction. */
export async function invoiceViews(db: Db, ids: number[]): Promise<Invoice[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ invoice: invoices, payee: sql<string>`coalesce(${tenants.companyName}, ${tenants.name})`, payeeLogo: tenants.logo, payer: users.name })
    .from(invoices)
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(inArray(invoices.id, ids));
  const [items, txns] = await Promise.all([
    db.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, ids)).orderBy(asc(invoiceItems.id)),
    db.select().from(gatewayTransactions).where(inArray(gatewayTransactions.invoiceId, ids)).orderBy(asc(gatewayTransactions.id)),
  ]);
  const now = Date.now();
  const byId = new Map(
    rows.map(({ invoice, payee, payeeLogo, payer }) => {
      const own = txns.filter((txn) => txn.invoiceId === invoice.id);
      const current = [...own].reverse().find((txn) => txn.status === 'pending' && txn.address && invoice.status === 'unpaid');
      const view: Invoice = {
        id: invoice.id,
        tag: invoice.tag,
        payee_logo: payeeLogo,
        payee,
        payer,
        fees: cents(invoice.fees),
        taxes: cents(invoice.taxes),
        penalty: cents(invoice.penalty),
        total: cents(invoice.total),
        currency: invoice.currency,
        status: invoice.status,
        note: invoice.note,
        payment_gateway: invoice.paymentGateway,
        gateway_wallet: invoice.gatewayWallet,
        txn_id: invoice.txnId,
        billing_from: invoice.billingFrom,
        billing_to: invoice.billingTo,
        crypto_payment_started_at: invoice.cryptoPaymentStartedAt,
        fiat_payment_started_at: invoice.fiatPaymentStartedAt,
        due_date: invoice.dueDate,
        date_paid: invoice.datePaid,
        module_products_order_id: invoice.orderId,
        created_at: invoice.createdAt,
        updated_at: invoice.updatedAt,
        promocode:
          invoice.promoDiscount !== null
            ? { discount: cents(invoice.promoDiscount), discount_type: invoice.promoDiscountType ?? 'units', code: invoice.promoCode }
            : null,
        items: items
          .filter((item) => item.invoiceId === invoice.id)
          .map((item) => ({
            subject: item.subject,
            amount: cents(item.amount),
            currency: item.currency,
            qty: item.qty,
            unit_price: cents(item.unitPrice),
            billing_cycle: item.billingCycle,
            product_id: item.productId,
          })),
        kind: invoice.kind,
        subtotal: cents(invoice.subtotal),
        discount: cents(invoice.discount),
        amount_paid: cents(invoice.amountPaid),
        amount_due: amountDue(invoice),
        payment_deadline: current && current.expiresAt.getTime() > now ? current.expiresAt : null,
        crypto_transaction: current ? cryptoView(current) : null,
        cancel_reason: invoice.cancelReason,
        payments: own
          .filter((txn) => txn.status === 'completed')
          .map((txn) => ({
            gateway: txn.gateway,
            amount: txn.receivedAmount ?? '0',
            currency: txn.coin,
            credited: cents(txn.creditedAmount ?? '0'),
            late: txn.late ?? false,
            created_at: txn.completedAt ?? txn.createdAt,
            outcome: txn.outcome ?? 'invoice',
          })),
      };
      return [invoice.id, view] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** invoice(id): the member's invoice by id or tag. */
export async function ownInvoice(db: Db, userId: number, ref: string): Promise<Invoice> {
  await expireInvoices(db, ownInvoiceScope(userId, ref));
  const key = ref.trim();
  const match = tagPattern.test(key) ? eq(invoices.tag, key) : /^\d{1,9}$/.test(key) ? eq(invoices.id, Number.parseInt(key, 10)) : null;
  const [row] = match ? await db.select({ id: invoices.id }).from(invoices).where(and(match, eq(invoices.userId, userId))) : [];
  if (!row) throw invoiceNotFound();
  return (await invoiceViews(db, [row.id]))[0]!;
}

/** invoices(status, page, count): the member's invoices, newest first. */
export async function invoicePage(db: Db, userId: number, status: InvoiceStatus | null, page: number, perPage: number) {
  await expireInvoices(db, eq(invoices.userId, userId));
  const where = and(eq(invoices.userId, userId), ...(status ? [eq(invoices.status, status)] : []));
  const [{ total = 0 } = {}] = await db.select({ total: count() }).from(invoices).where(where);
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: await invoiceViews(db, rows.map((row) => row.id)),
    paginatorInfo: { current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)), total },
  };
}

// ---------------------------------------------------------------- gateways

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
async function usableGateway(tx: Db, tenant: TenantRow, name: string, config: Pick<ServerConfig, 'production'>): Promise<GatewayRow> {
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

/** Fees of a gateway on the invoice's base (subtotal - discount), and the total they make. */
async function repriced(tx: Db, invoice: InvoiceRow, gateway: string, currency: string) {
  const rule = await feeRule(tx, invoice.tenantId, gateway, currency);
  const fees = gatewayFee(atLeastZero(subtract(invoice.subtotal, invoice.discount)), rule);
  return { fees, total: totalWith(invoice, fees) };
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
  input: { invoiceId: string; gateway: string; network: string | null },
): Promise<number> {
  await expireInvoices(db, ownInvoiceScope(user.id, input.invoiceId));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const invoice = await lockOwnInvoice(tx, user.id, input.invoiceId);
    if (invoice.tenantId !== tenant.id) throw invoiceNotFound();
    await requirePayable(tx, invoice);
    const module = input.gateway.trim() === 'balance' ? 'balance' : (await usableGateway(tx, tenant, input.gateway, config)).module;
    const { fees, total } = module === 'balance' ? { fees: '0.00', total: totalWith(invoice, '0') } : await repriced(tx, invoice, module, invoice.currency);
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

// ---------------------------------------------------------------- paying from the balance

const paidMessage = { status: 'success', message: 'The invoice is paid.' } as const;

/**
 * payFromBalance: the amount due debited from the wallet in the invoice's currency (no fee, no conversion)
 * and the invoice settled, in one transaction with the invoice locked. A repeat for an invoice the balance
 * already paid answers the same success and moves nothing.
 */
export async function payFromBalance(db: Db, user: UserRow, invoiceRef: string, key: string | null) {
  await expireInvoices(db, ownInvoiceScope(user.id, invoiceRef));
  return withIdempotency(db, user.id, 'payFromBalance', key, { invoice_id: invoiceRef }, async (tx) => {
    const invoice = await lockOwnInvoice(tx, user.id, invoiceRef);
    if (invoice.status === 'paid' && invoice.paymentGateway === 'balance') return { ...paidMessage };
    await requirePayable(tx, invoice);
    if (invoice.kind === 'deposit') throw appError('conflict', 'A deposit is paid through a payment gateway.');
    const total = totalWith(invoice, '0');
    const due = atLeastZero(subtract(total, invoice.amountPaid));
    if (compare(due, '0') > 0) {
      const debited = await debitWallet(tx, {
        userId: user.id,
        currency: invoice.currency,
        amount: due,
        type: 'INVOICE',
        entryKey: `invoice:${invoice.id}:INVOICE`,
        invoiceId: invoice.id,
        note: `Invoice ${invoice.tag}`,
      });
      if (!debited) throw appError('conflict', 'Insufficient balance for an invoice.', { reason: 'InsufficientBalance' });
    }
    await tx
      .update(invoices)
      .set({ paymentGateway: 'balance', fees: '0', total, amountPaid: sql`${invoices.amountPaid} + ${due}::numeric`, updatedAt: new Date() })
      .where(eq(invoices.id, invoice.id));
    await settleIfCovered(tx, invoice.id);
    return { ...paidMessage };
  });
}

// ---------------------------------------------------------------- gateway transactions

/** Invoice-currency units one coin is worth now (both through their USDT rate). */
async function currentRate(tx: Db, coinCurrency: string, invoiceCurrency: string): Promise<Decimal> {
  const result = await tx.execute(sql`
    select (c.usdt_rate / i.usdt_rate)::numeric(36,12)::text as rate
    from currencies c, currencies i where c.code = ${coinCurrency} and i.code = ${invoiceCurrency}`);
  const rate = (result as unknown as { rows: { rate: string }[] }).rows[0]?.rate;
  if (!rate) throw new Error(`No exchange rate from ${coinCurrency} to ${invoiceCurrency}.`);
  return rate;
}

interface TransactionInput {
  invoiceRef: string;
  module: Extract<GatewayModule, 'coinpayments' | 'cpay' | 'payport' | 'prodamus'>;
  /** The coin (coinpayments code, cpay network id); null for a fiat link in the invoice's currency. */
  coinRef: string | null;
  origin: string;
}

/**
 * A crypto transaction or a payment link for the amount due (the remainder after a partial payment), with
 * the gateway's fee for the coin and the rate locked for 15 minutes. A pending one for the same gateway, coin
 * and amount that is still locked is answered again instead of a new one.
 */
async function openTransaction(tx: Db, config: Pick<ServerConfig, 'production'>, user: UserRow, input: TransactionInput): Promise<number> {
  const invoice = await lockOwnInvoice(tx, user.id, input.invoiceRef);
  await requirePayable(tx, invoice);
  const tenant = (await findTenantById(tx, invoice.tenantId))!;
  const gateway = await usableGateway(tx, tenant, input.module, config);
  let coin = { code: invoice.currency, currency: invoice.currency };
  if (input.coinRef !== null) {
    const ref = input.coinRef.trim();
    const match = input.module === 'cpay' && /^\d{1,9}$/.test(ref) ? eq(gatewayCurrencies.id, Number.parseInt(ref, 10)) : eq(gatewayCurrencies.code, ref);
    const [row] = await tx
      .select()
      .from(gatewayCurrencies)
      .where(and(eq(gatewayCurrencies.gateway, input.module), match, eq(gatewayCurrencies.status, 'active')));
    if (!row) throw validationError({ [input.module === 'cpay' ? 'currency_id' : 'currency']: ['unknownCurrency'] });
    coin = { code: row.code, currency: row.currency };
  }
  const { fees, total } = await repriced(tx, invoice, input.module, coin.currency);
  const due = atLeastZero(subtract(total, invoice.amountPaid));
  // What arrived already covers this gateway's total: choosing it (setInvoiceGateway) settles the invoice.
  if (compare(due, '0') === 0) throw appError('conflict', 'Nothing is left to pay through this gateway; choose it to settle the invoice.');
  const crypto = input.module === 'coinpayments' || input.module === 'cpay';
  const [reusable] = await tx
    .select()
    .from(gatewayTransactions)
    .where(
      and(
        eq(gatewayTransactions.invoiceId, invoice.id),
        eq(gatewayTransactions.gateway, input.module),
        eq(gatewayTransactions.coin, coin.code),
        eq(gatewayTransactions.status, 'pending'),
        eq(gatewayTransactions.invoiceAmount, due),
        gt(gatewayTransactions.expiresAt, new Date(Date.now() + 60_000)),
      ),
    )
    .orderBy(desc(gatewayTransactions.id))
    .limit(1);
  const now = new Date();
  let txn = reusable;
  if (!txn) {
    const rate = coin.currency === invoice.currency ? '1' : await currentRate(tx, coin.currency, invoice.currency);
    const amount = divideRoundingUp(due, rate, coin.currency === invoice.currency ? 2 : 8);
    const adapter = adapterFor(gateway.module as GatewayModule, config)!;
    const request = {
      module: gateway.module as GatewayModule,
      merchantId: gateway.privateConfig.merchant_id,
      invoiceId: invoice.id,
      invoiceTag: invoice.tag,
      amount,
      coin: coin.code,
      origin: input.origin,
    };
    const made = crypto ? await adapter.createTransaction(request) : { ...(await adapter.createLink(request)), address: null };
    [txn] = await tx
      .insert(gatewayTransactions)
      .values({
        invoiceId: invoice.id,
        gatewayId: gateway.id,
        gateway: gateway.module,
        txnId: made.txnId,
        coin: coin.code,
        coinCurrency: coin.currency,
        amount,
        invoiceAmount: due,
        rate,
        address: made.address,
        link: 'link' in made ? made.link : null,
        confirmsNeeded: 'confirmsNeeded' in made ? made.confirmsNeeded : null,
        checkoutUrl: 'checkoutUrl' in made ? made.checkoutUrl : null,
        statusUrl: 'statusUrl' in made ? made.statusUrl : null,
        qrcodeUrl: 'qrcodeUrl' in made ? made.qrcodeUrl : null,
        expiresAt: new Date(now.getTime() + exchangeRateLock),
      })
      .returning();
  }
  await tx
    .update(invoices)
    .set({
      paymentGateway: gateway.module,
      fees,
      total,
      txnId: txn!.txnId,
      ...(crypto
        ? { gatewayWallet: txn!.address, cryptoPaymentStartedAt: invoice.cryptoPaymentStartedAt ?? now }
        : { fiatPaymentStartedAt: invoice.fiatPaymentStartedAt ?? now }),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id));
  return txn!.id;
}

/** coinPaymentsCreateTransaction / cpayCreateTransaction (idempotent by key). */
export async function createCryptoTransaction(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  user: UserRow,
  input: Omit<TransactionInput, 'coinRef'> & { coinRef: string; idempotencyKey: string | null },
): Promise<CryptoTransaction> {
  await expireInvoices(db, ownInvoiceScope(user.id, input.invoiceRef));
  const { transactionId } = await withIdempotency(
    db,
    user.id,
    `${input.module}CreateTransaction`,
    input.idempotencyKey,
    { invoice_id: input.invoiceRef, currency: input.coinRef },
    async (tx) => ({ transactionId: await openTransaction(tx, config, user, input) }),
  );
  const [txn] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.id, transactionId));
  return cryptoView(txn!);
}

/** payportLink / prodamusLink: a payment page for the amount due. */
export async function paymentLink(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  user: UserRow,
  input: Omit<TransactionInput, 'coinRef'>,
): Promise<{ link: string }> {
  await expireInvoices(db, ownInvoiceScope(user.id, input.invoiceRef));
  const transactionId = await db.transaction((tx) => openTransaction(tx as unknown as Db, config, user, { ...input, coinRef: null }));
  const [txn] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.id, transactionId));
  return { link: txn!.link ?? '' };
}

// ---------------------------------------------------------------- deposits

const decimalAmount = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * depositFunds: an invoice that, once paid through a gateway, credits the wallet of the currency
 * (WALLET_REFILL). Amount 10-50000 in that currency; the currency one of the tenant's supported ones.
 */
export async function createDeposit(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  input: { amount: string; currency: string | null; idempotencyKey: string | null },
): Promise<number> {
  if (tenantFlag(tenant, 'disable_deposit')) throw appError('forbidden', 'Deposits are switched off for this portal.');
  const currency = (input.currency ?? tenant.currency).trim().toUpperCase();
  if (!tenant.supportedCurrencies.includes(currency) || (excludedWalletCurrencies as readonly string[]).includes(currency)) {
    throw validationError({ currency: ['unknownCurrency'] });
  }
  const amount = input.amount.trim();
  if (!decimalAmount.test(amount)) throw validationError({ amount: ['decimal'] });
  for (const [bound, limit, below] of [
    ['minimum', depositAmount.min, true],
    ['maximum', depositAmount.max, false],
  ] as const) {
    if (below ? compare(amount, limit) < 0 : compare(amount, limit) > 0) {
      const text = `The ${bound} deposit is ${limit} ${currency}.`;
      throw appError('validation', text, { reason: 'AmountOutOfRange', fields: { amount: [text] } });
    }
  }
  const { invoiceId } = await withIdempotency(db, user.id, 'depositFunds', input.idempotencyKey, { amount: cents(amount), currency }, async (tx) => {
    const invoice = await insertInvoice(tx, {
      tenantId: tenant.id,
      userId: user.id,
      kind: 'deposit',
      currency,
      subtotal: cents(amount),
      discount: '0',
      items: [{ subject: `Deposit to the ${currency} wallet`, qty: 1, unitPrice: cents(amount), amount: cents(amount) }],
    });
    return { invoiceId: invoice.id };
  });
  return invoiceId;
}

// ---------------------------------------------------------------- settling

/**
 * Marks the invoice paid when what arrived covers its total (a conditional update from unpaid, so it happens
 * once), approves the sponsors' referral earnings from it (affiliates/earnings.ts), credits any excess
 * (OVERPAYMENT), and fulfils it: a deposit credits its wallet (WALLET_REFILL), an
 * order records its purchases and enrols the payer in the courses sold as its products; a tariff, an upgrade
 * or a subscription is the tariffs area's (tariffs/fulfil.ts).
 */
async function settleIfCovered(tx: Db, invoiceId: number): Promise<{ excess: Decimal } | null> {
  const now = new Date();
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'paid', datePaid: now, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'unpaid'), sql`${invoices.amountPaid} >= ${invoices.total}`))
    .returning();
  if (!invoice) return null;
  await approveInvoiceEarnings(tx, invoice, now);
  const excess = cents(subtract(invoice.amountPaid, invoice.total));
  if (compare(excess, '0') > 0) {
    await creditWallet(tx, {
      userId: invoice.userId,
      currency: invoice.currency,
      amount: excess,
      type: 'OVERPAYMENT',
      entryKey: `invoice:${invoice.id}:OVERPAYMENT`,
      invoiceId: invoice.id,
      note: `Overpayment of invoice ${invoice.tag}`,
    });
  }
  if (invoice.kind === 'deposit') {
    await creditWallet(tx, {
      userId: invoice.userId,
      currency: invoice.currency,
      amount: cents(invoice.subtotal),
      type: 'WALLET_REFILL',
      entryKey: `invoice:${invoice.id}:WALLET_REFILL`,
      invoiceId: invoice.id,
      note: `Deposit ${invoice.tag}`,
    });
  } else if (isTariffInvoiceKind(invoice.kind)) {
    await fulfilTariffInvoice(tx, invoice, now);
  } else {
    const items = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
    const bought = items.flatMap((item) =>
      item.productId !== null && item.billingCycle && isBillingCycle(item.billingCycle)
        ? [
            {
              tenantId: invoice.tenantId,
              userId: invoice.userId,
              productId: item.productId,
              invoiceId: invoice.id,
              billingCycle: item.billingCycle,
              qty: item.qty,
              price: item.unitPrice,
              currency: item.currency,
              activeTill: activeTill(now, billingCycleMonths[item.billingCycle]),
            },
          ]
        : [],
    );
    if (bought.length) {
      await tx.insert(purchases).values(bought).onConflictDoNothing();
      // A course sold as one of these products enrols the payer (once).
      const sold = await tx
        .select({ uuid: products.uuid })
        .from(products)
        .where(inArray(products.id, [...new Set(bought.map((line) => line.productId))]));
      for (const { uuid } of sold) await enrolOnPurchase(tx, { id: invoice.userId, tenantId: invoice.tenantId }, uuid);
    }
  }
  return { excess };
}

function activeTill(from: Date, months: number): Date | null {
  if (!months) return null;
  const till = new Date(from);
  till.setUTCMonth(till.getUTCMonth() + months);
  return till;
}

// ---------------------------------------------------------------- callbacks

export type CallbackOutcome =
  | 'paid'
  | 'partial'
  | 'pending'
  | 'failed'
  | 'duplicate'
  | 'unknown'
  | 'foreign'
  | 'already_paid'
  | 'not_payable'
  | 'bad_signature';

const httpStatus: Record<CallbackOutcome, number> = {
  paid: 200,
  partial: 200,
  pending: 200,
  failed: 200,
  duplicate: 200,
  already_paid: 200,
  not_payable: 200,
  unknown: 404,
  foreign: 403,
  bad_signature: 401,
};

/** What a verified callback did to its transaction and invoice, in one transaction with both locked. */
async function applyCallback(tx: Db, gateway: GatewayRow, event: CallbackEvent): Promise<CallbackOutcome> {
  const [txn] = await tx
    .select()
    .from(gatewayTransactions)
    .where(and(eq(gatewayTransactions.gateway, gateway.module), eq(gatewayTransactions.txnId, event.txnId)))
    .for('update');
  if (!txn) return 'unknown';
  if (txn.gatewayId !== gateway.id || (event.invoiceId !== null && event.invoiceId !== String(txn.invoiceId)) || (event.coin && event.coin !== txn.coin)) {
    return 'foreign';
  }
  if (txn.status === 'completed') return 'duplicate';
  if (event.status < 0) {
    await tx.update(gatewayTransactions).set({ status: 'failed' }).where(and(eq(gatewayTransactions.id, txn.id), eq(gatewayTransactions.status, 'pending')));
    return 'failed';
  }
  if (event.status < 100) return 'pending';
  // A completion that carries nothing completes nothing: the real one may still come.
  if (compare(event.receivedAmount, '0') <= 0) return 'pending';
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, txn.invoiceId)).for('update');
  if (!invoice) return 'unknown';
  const now = new Date();
  // Within the rate lock the transaction's rate holds; a late payment counts at the rate when it arrives.
  const late = now.getTime() > txn.expiresAt.getTime();
  const rate = late && txn.coinCurrency !== invoice.currency ? await currentRate(tx, txn.coinCurrency, invoice.currency) : txn.rate;
  const credited = cents(multiply(event.receivedAmount, rate));
  // An upgrade whose tariff no longer runs cannot take it: canceled first (what it had goes back too).
  let status = invoice.status;
  if (status === 'unpaid' && !(await tariffInvoicePayable(tx, invoice))) {
    await cancelInvoice(tx, invoice.id, 'stale');
    status = 'canceled';
  }
  const outcome: PaymentOutcome = status === 'unpaid' ? 'invoice' : status === 'paid' ? 'already_paid' : status === 'refunded' ? 'refunded' : 'canceled';
  // A transaction the provider reported failed (timed out) may still receive the money later: it completes too.
  const completed = await tx
    .update(gatewayTransactions)
    .set({ status: 'completed', receivedAmount: event.receivedAmount, creditedAmount: credited, late, outcome, completedAt: now })
    .where(and(eq(gatewayTransactions.id, txn.id), inArray(gatewayTransactions.status, ['pending', 'failed'])))
    .returning({ id: gatewayTransactions.id });
  if (!completed.length) return 'duplicate';
  if (outcome !== 'invoice') {
    // The money arrived all the same: the payer's wallet gets it, once per gateway transaction.
    if (compare(credited, '0') <= 0) return status === 'paid' ? 'already_paid' : 'not_payable';
    await creditWallet(tx, {
      userId: invoice.userId,
      currency: invoice.currency,
      amount: credited,
      type: 'OVERPAYMENT',
      entryKey: `payment:${txn.gateway}:${txn.txnId}:OVERPAYMENT`,
      invoiceId: invoice.id,
      note: `Payment ${txn.txnId} for invoice ${invoice.tag}, which was already ${status}`,
    });
    return status === 'paid' ? 'already_paid' : 'not_payable';
  }
  await tx
    .update(invoices)
    .set({ amountPaid: sql`${invoices.amountPaid} + ${credited}::numeric`, updatedAt: now })
    .where(eq(invoices.id, invoice.id));
  const settled = await settleIfCovered(tx, invoice.id);
  if (!settled) return 'partial';
  if (compare(settled.excess, '0') > 0) await tx.update(gatewayTransactions).set({ outcome: 'overpaid' }).where(eq(gatewayTransactions.id, txn.id));
  return 'paid';
}

/**
 * POST /gateways/{module}/callback: the signature is checked against the raw body with the merchant's IPN
 * secret before anything is read from the database for the payment; only then is the payment applied. Every
 * verified callback is logged with its outcome; forged ones are refused and change nothing.
 */
export async function handleGatewayCallback(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  module: string,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<{ status: number; body: { result: CallbackOutcome } }> {
  const answer = (result: CallbackOutcome) => ({ status: httpStatus[result], body: { result } });
  if (!isGatewayModule(module)) return answer('unknown');
  const adapter = adapterFor(module, config);
  const merchant = adapter?.merchantOf(rawBody);
  if (!adapter || !merchant) return answer('bad_signature');
  const candidates = await db
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.module, module), sql`${paymentGateways.privateConfig}->>'merchant_id' = ${merchant}`));
  let verified: { gateway: GatewayRow; event: CallbackEvent } | null = null;
  for (const gateway of candidates) {
    const event = adapter.verifyCallback(rawBody, headers, gateway.privateConfig.ipn_secret);
    if (event) verified = { gateway, event };
  }
  if (!verified) {
    console.warn(`Refused a ${module} callback: the signature does not match.`);
    return answer('bad_signature');
  }
  const { gateway, event } = verified;
  const outcome = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const result = await applyCallback(tx, gateway, event);
    await tx.insert(gatewayCallbacks).values({ gateway: module, txnId: event.txnId, outcome: result, payload: event.fields });
    return result;
  });
  return answer(outcome);
}

/**
 * POST /dev/gateway/confirm: plays the provider's verified callback for the invoice's current transaction
 * (made on the spot for a gateway without one, e.g. bank transfer): a payment worth `amount` in the
 * invoice's currency (default: what the transaction asked for), converted at the transaction's rate.
 */
export async function confirmSandboxPayment(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  input: { invoiceId: number; amount: string | null },
) {
  // The pending transaction is read before the invoice: a parallel confirm that completed it has settled the
  // invoice in the same database transaction, so the invoice read next shows that (and no second payment is
  // played for an invoice already paid, which would go to the wallet as a real one does).
  let [txn] = await db
    .select()
    .from(gatewayTransactions)
    .where(and(eq(gatewayTransactions.invoiceId, input.invoiceId), eq(gatewayTransactions.status, 'pending')))
    .orderBy(desc(gatewayTransactions.id))
    .limit(1);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, input.invoiceId));
  if (!invoice) return { status: 404, body: { error: 'No such invoice.' } };
  if (!txn) {
    if (invoice.status !== 'unpaid') return { status: 409, body: { error: `The invoice is ${invoice.status}.` } };
    const module = invoice.paymentGateway;
    if (!module || module === 'balance' || !isGatewayModule(module)) return { status: 409, body: { error: 'Choose a gateway for the invoice first.' } };
    const [gateway] = await db.select().from(paymentGateways).where(and(eq(paymentGateways.tenantId, invoice.tenantId), eq(paymentGateways.module, module)));
    if (!gateway) return { status: 409, body: { error: 'The invoice gateway is not configured.' } };
    const due = amountDue(invoice);
    [txn] = await db
      .insert(gatewayTransactions)
      .values({
        invoiceId: invoice.id,
        gatewayId: gateway.id,
        gateway: module,
        txnId: `SBX-${module.slice(0, 3).toUpperCase()}-${randomBytes(9).toString('hex').toUpperCase()}`,
        coin: invoice.currency,
        coinCurrency: invoice.currency,
        amount: due,
        invoiceAmount: due,
        rate: '1',
        expiresAt: new Date(Date.now() + exchangeRateLock),
      })
      .returning();
  }
  const [gateway] = await db.select().from(paymentGateways).where(eq(paymentGateways.id, txn!.gatewayId));
  const received = input.amount === null ? txn!.amount : divideRoundingUp(input.amount, txn!.rate, txn!.coinCurrency === invoice.currency ? 2 : 8);
  const body = ipnBody({
    merchantId: gateway!.privateConfig.merchant_id,
    txnId: txn!.txnId,
    invoiceId: invoice.id,
    status: 100,
    coin: txn!.coin,
    currency: invoice.currency,
    received,
  });
  const result = await handleGatewayCallback(db, config, txn!.gateway, body, { [signatureHeader]: signIpn(body, gateway!.privateConfig.ipn_secret) });
  // The invoice as it stands after the callback, for the caller (a test or the sandbox page).
  const [after] = await invoiceViews(db, [invoice.id]);
  const invoiceState = after && { id: after.id, status: after.status, total: after.total, amount_paid: after.amount_paid, amount_due: after.amount_due };
  return { status: result.status, body: { ...result.body, invoice: invoiceState } };
}

/** The sandbox page and QR code: a transaction by its provider id. */
export async function sandboxTransaction(db: Db, txnId: string) {
  const [row] = await db
    .select({ txn: gatewayTransactions, tag: invoices.tag, invoiceId: invoices.id, status: invoices.status, currency: invoices.currency })
    .from(gatewayTransactions)
    .innerJoin(invoices, eq(invoices.id, gatewayTransactions.invoiceId))
    .where(eq(gatewayTransactions.txnId, txnId));
  return row ?? null;
}
