// Investing in a project (issue 28): from the balance in one transaction, or (the demo data's pending holdings)
// through an invoice of the crowdfunding kind, which activates the holding when paid and releases it when
// canceled (fulfil.ts). Money moves once per ledger entry key: crowdfunding:<id>:invest (CROWDFUNDING_INVESTMENT,
// the amount off the balance). An investment locks the project row first: raised, pending and the member's
// holdings are read under that lock, so parallel investments never take raised + pending past the goal nor a
// member past their cap; the wallet's conditional debit never takes the balance below zero.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { fundraisingOpen, goalLeft, investBounds } from '../../../domain/crowdfunding';
import { cents, compare, isZero, plain, subtract, type Decimal } from '../../../domain/money';
import type { TenantRow } from '../shell/service';
import { insertInvoice } from '../payments/invoices';
import { debitWallet } from '../wallet/ledger';
import { figuresOf, fundraisingFinished, memberHoldings, noFigures, projectNotFound, tariffCapOf, type ProjectRow } from './service';
import { crowdfundingHoldings, crowdfundingProjects } from './tables';

/** Digits and one decimal point, no leading zero, at most two decimals (spec §5 numeric rules). */
const amountPattern = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

async function lockProject(tx: Db, tenantId: number, projectId: number): Promise<ProjectRow> {
  const [project] = await tx
    .select()
    .from(crowdfundingProjects)
    .where(and(eq(crowdfundingProjects.id, projectId), eq(crowdfundingProjects.tenantId, tenantId)))
    .for('update');
  if (!project) throw projectNotFound();
  return project;
}

/** Closes a locked project whose paid holdings reached its goal. */
export async function finishIfRaised(tx: Db, project: ProjectRow, now: Date): Promise<void> {
  const figures = (await figuresOf(tx, [project.id], null)).get(project.id) ?? noFigures;
  if (project.status === 'active' && compare(figures.raised, project.goal) >= 0) {
    await tx.update(crowdfundingProjects).set({ status: 'finished', finishedAt: now }).where(eq(crowdfundingProjects.id, project.id));
  }
}

/**
 * Invests `amount` in a project from the member's balance of its currency: one transaction that locks the
 * project, checks the amount against what is open (calls §8), the member's cap and the goal, debits the balance
 * and writes the active holding; the project is finished when it reaches its goal. Once per idempotency key.
 */
export async function invest(
  db: Db,
  user: UserRow,
  tenant: TenantRow,
  input: { projectId: number; amount: string; idempotencyKey: string | null },
  now = new Date(),
) {
  const amount = input.amount.trim();
  if (!amountPattern.test(amount)) throw validationError({ amount: ['decimal'] });
  const request = { project: input.projectId, amount };
  const { id } = await withIdempotency(db, user.id, 'moduleCrowdfundingInvest', input.idempotencyKey, request, async (tx) => {
    const project = await lockProject(tx, tenant.id, input.projectId);
    const figures = (await figuresOf(tx, [project.id], user.id)).get(project.id) ?? noFigures;
    if (!fundraisingOpen({ status: project.status, startsAt: project.startsAt, endsAt: project.endsAt, goal: project.goal, raised: figures.raised, pending: figures.pending }, now)) {
      throw fundraisingFinished();
    }
    const tariffCap = await tariffCapOf(tx, tenant.id, user.id, now);
    const capLeft = subtract(tariffCap, figures.viewerInvested);
    const viewerCap = compare(capLeft, '0') < 0 ? '0' : capLeft;
    const available = goalLeft(project.goal, figures.raised, figures.pending);
    const bounds = investBounds({ minInvestment: project.minInvestment, available, viewerCap });
    if (compare(amount, viewerCap) > 0) {
      const text = isZero(tariffCap)
        ? 'Your tariff does not allow investing in projects.'
        : `Your tariff lets you invest up to ${cents(viewerCap)} ${project.currency} more in this project.`;
      throw appError('conflict', text, { reason: 'TariffCap' });
    }
    if (compare(amount, available) > 0) {
      throw appError('conflict', `Only ${cents(available)} ${project.currency} is left to raise in this project.`, { reason: 'GoalExceeded' });
    }
    if (compare(amount, bounds.min) < 0 || isZero(amount)) {
      const text = `The minimum investment is ${plain(bounds.min)} ${project.currency}.`;
      throw appError('validation', text, { reason: 'AmountOutOfRange', fields: { amount: [text] } });
    }
    const [made] = await tx
      .insert(crowdfundingHoldings)
      .values({ userId: user.id, projectId: project.id, amount, status: 'active', paidAt: now, createdAt: now })
      .returning({ id: crowdfundingHoldings.id });
    const debited = await debitWallet(tx, {
      userId: user.id,
      currency: project.currency,
      amount,
      type: 'CROWDFUNDING_INVESTMENT',
      entryKey: `crowdfunding:${made!.id}:invest`,
      note: project.name,
      details: { subject: project.name },
    });
    // The transaction is rolled back with the error: no holding without its debit.
    if (!debited) throw appError('conflict', 'Insufficient balance for an invoice.', { reason: 'InsufficientBalance' });
    await finishIfRaised(tx, project, now);
    return { id: made!.id };
  });
  return (await memberHoldings(db, tenant, user, [id], now))[0]!;
}

/**
 * A holding paid by an invoice (the crowdfunding kind): the invoice and the pending holding in one transaction
 * under the project's lock, within the goal. The demo data makes these; paying the invoice activates the holding.
 */
export async function reserveWithInvoice(tx: Db, input: { tenantId: number; userId: number; projectId: number; amount: Decimal }, now = new Date()) {
  const project = await lockProject(tx, input.tenantId, input.projectId);
  const figures = (await figuresOf(tx, [project.id], null)).get(project.id) ?? noFigures;
  if (!fundraisingOpen({ status: project.status, startsAt: project.startsAt, endsAt: project.endsAt, goal: project.goal, raised: figures.raised, pending: figures.pending }, now)) {
    throw fundraisingFinished();
  }
  if (compare(input.amount, goalLeft(project.goal, figures.raised, figures.pending)) > 0) {
    throw appError('conflict', 'The amount is more than is left to raise.', { reason: 'GoalExceeded' });
  }
  const invoice = await insertInvoice(tx, {
    tenantId: input.tenantId,
    userId: input.userId,
    kind: 'crowdfunding',
    currency: project.currency,
    subtotal: cents(input.amount),
    discount: '0',
    items: [{ subject: `Investment in ${project.name}`, qty: 1, unitPrice: cents(input.amount), amount: cents(input.amount) }],
  });
  const [holding] = await tx
    .insert(crowdfundingHoldings)
    .values({ userId: input.userId, projectId: project.id, amount: input.amount, status: 'pending', invoiceId: invoice.id, createdAt: now })
    .returning();
  return { invoice, holding: holding! };
}

/** The pending holding an invoice pays, and its project, both locked (the project first, as investing does). */
export async function lockInvoiceHolding(tx: Db, invoiceId: number) {
  const [found] = await tx.select({ projectId: crowdfundingHoldings.projectId }).from(crowdfundingHoldings).where(eq(crowdfundingHoldings.invoiceId, invoiceId));
  if (!found) return null;
  const [project] = await tx.select().from(crowdfundingProjects).where(eq(crowdfundingProjects.id, found.projectId)).for('update');
  const [holding] = await tx.select().from(crowdfundingHoldings).where(eq(crowdfundingHoldings.invoiceId, invoiceId)).for('update');
  return holding && project ? { holding, project } : null;
}

/** The invoice of a pending holding was paid: the holding is active from then, and the project may be raised. */
export async function activatePaidHolding(tx: Db, invoiceId: number, paidAt: Date): Promise<void> {
  const locked = await lockInvoiceHolding(tx, invoiceId);
  if (!locked || locked.holding.status !== 'pending') return;
  await tx.update(crowdfundingHoldings).set({ status: 'active', paidAt }).where(eq(crowdfundingHoldings.id, locked.holding.id));
  await finishIfRaised(tx, locked.project, paidAt);
}

/** The invoice of a pending holding was canceled: the holding lets go of its part of the goal. */
export async function releasePendingHolding(tx: Db, invoiceId: number): Promise<void> {
  await tx.delete(crowdfundingHoldings).where(and(eq(crowdfundingHoldings.invoiceId, invoiceId), eq(crowdfundingHoldings.status, 'pending')));
}

/** Whether a pending holding's invoice may still be paid: its project still raising (not past ends_at). */
export async function holdingPayable(tx: Db, invoiceId: number, now = new Date()): Promise<boolean> {
  const locked = await lockInvoiceHolding(tx, invoiceId);
  if (!locked || locked.holding.status !== 'pending') return false;
  return locked.project.status === 'active' && locked.project.refundedAt === null && now.getTime() < locked.project.endsAt.getTime();
}
