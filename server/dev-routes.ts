// Dev controls (DESIGN.md §7), mounted only when NODE_ENV is not production, so tests and demos can
// flip the app state and a member's settings.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from './db/client';
import { appState, mailOutbox, users } from './db/schema';
import { portalAppName } from './modules/app-status/service';
import { confirmSandboxPayment } from './modules/payments/sandbox';
import { jobNames, jobs } from './jobs';
import { dealStatuses } from '../domain/deals';
import { moveDeal } from './modules/deals/operator';
import { decideLicenseRequest } from './modules/licenses/operator';

const appStateBody = v.strictObject({
  status: v.optional(v.pipe(v.string(), v.nonEmpty())),
  version: v.optional(v.pipe(v.string(), v.nonEmpty())),
  logout_needed: v.optional(v.boolean()),
});

const userSettingsBody = v.strictObject({
  email: v.pipe(v.string(), v.email()),
  status: v.optional(v.picklist(['active', 'suspended'])),
  unpaid_trader_fee_invoices: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  overdue_trader_fee_invoices: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** When the trader fee invoices became overdue (ISO; default now), so tests can place it in the past. */
  overdue_since: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});

const gatewayConfirmBody = v.strictObject({
  invoice_id: v.pipe(
    v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^\d{1,9}$/))]),
    v.transform((id) => Number.parseInt(String(id), 10)),
  ),
  amount: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(String), v.regex(/^\d{1,12}(\.\d{1,8})?$/))),
});

const jobRunBody = v.strictObject({
  job: v.picklist(jobNames),
  /** Run as if the time were this (ISO): a period that falls due next month can be accrued today. */
  at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});

// Ids are int4: anything larger is no row, said as a bad body rather than a database error.
const idBody = v.pipe(
  v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)), v.pipe(v.string(), v.regex(/^\d{1,9}$/))]),
  v.transform((id) => Number.parseInt(String(id), 10)),
);
/** A dollar amount as the operator types it: at most 12 digits and 2 decimals. */
const dealAmountBody = v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(String), v.regex(/^\d{1,12}(\.\d{1,2})?$/)));

const dealStatusBody = v.strictObject({
  deal_id: idBody,
  status: v.picklist(dealStatuses),
  transaction_amount: dealAmountBody,
  transaction_fee: dealAmountBody,
  decline_reason: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(500))),
});

const licenseStatusBody = v.strictObject({
  request_id: idBody,
  /** Only a pending request moves, to one of these. */
  status: v.picklist(['accepted', 'declined']),
  license_key: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200))),
  decline_reason: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(500))),
});

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** A body that is not one JSON object (or form) of at most 64 KiB: the caller's mistake, answered 400. */
class BadBody extends Error {}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new BadBody();
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  // The sandbox payment page posts a plain form.
  if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return JSON.parse(text || '{}');
}

/** Answers a /dev/* request; returns false when the path is not a dev control. */
export async function handleDevRoute(db: Db, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const route = `${request.method} ${url.pathname}`;
  try {
    if (route === 'GET /dev/mailbox') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      if (!to) return send(response, 400, { error: 'Give ?to=EMAIL.' }), true;
      const messages = await db
        .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, created_at: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(eq(sql`lower(${mailOutbox.to})`, to))
        .orderBy(desc(mailOutbox.id));
      send(response, 200, messages);
      return true;
    }
    if (route === 'POST /dev/app-state') {
      const body = v.safeParse(appStateBody, await readJson(request));
      if (!body.success) return send(response, 400, { error: v.flatten(body.issues) }), true;
      const { status, version, logout_needed } = body.output;
      await db
        .update(appState)
        .set({
          ...(status !== undefined ? { status } : {}),
          ...(version !== undefined ? { version } : {}),
          ...(logout_needed !== undefined ? { logoutNeeded: logout_needed } : {}),
        })
        .where(eq(appState.appName, portalAppName));
      const [row] = await db.select().from(appState).where(eq(appState.appName, portalAppName));
      send(response, 200, { version: row?.version, status: row?.status, logout_needed: row?.logoutNeeded });
      return true;
    }
    if (route === 'POST /dev/user-settings') {
      const body = v.safeParse(userSettingsBody, await readJson(request));
      if (!body.success) return send(response, 400, { error: v.flatten(body.issues) }), true;
      const { email, status, unpaid_trader_fee_invoices, overdue_trader_fee_invoices, overdue_since } = body.output;
      // overdue_trader_fees_since: set when the overdue count goes from 0 to more (kept while it stays above 0, unless
      // overdue_since moves it), cleared at 0; the trading.suspensions job reads it.
      const overdueSince =
        overdue_trader_fee_invoices === undefined
          ? {}
          : overdue_trader_fee_invoices === 0
            ? { overdueTraderFeesSince: null }
            : { overdueTraderFeesSince: overdue_since ? new Date(overdue_since) : sql`coalesce(${users.overdueTraderFeesSince}, now())` };
      const updated = await db
        .update(users)
        .set({
          ...(status !== undefined ? { accountStatus: status } : {}),
          ...(unpaid_trader_fee_invoices !== undefined ? { unpaidTraderFeeInvoices: unpaid_trader_fee_invoices } : {}),
          ...(overdue_trader_fee_invoices !== undefined ? { overdueTraderFeeInvoices: overdue_trader_fee_invoices } : {}),
          ...overdueSince,
        })
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase())))
        .returning({ id: users.id });
      send(response, updated.length ? 200 : 404, { updated: updated.length });
      return true;
    }
    if (route === 'POST /dev/gateway/confirm') {
      const body = v.safeParse(gatewayConfirmBody, await readJson(request));
      if (!body.success) return send(response, 400, { error: v.flatten(body.issues) }), true;
      // Dev routes exist only outside production, where the sandbox answers every gateway.
      const result = await confirmSandboxPayment(db, { production: false }, { invoiceId: body.output.invoice_id, amount: body.output.amount ?? null });
      if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') && result.status === 200) {
        // Back to the sandbox page the form was posted from.
        const referer = request.headers.referer ?? '';
        response.writeHead(303, { location: /^https?:\/\/[^/]+\/gateways\/sandbox\/pay\/[A-Za-z0-9-]+$/.test(referer) ? new URL(referer).pathname : '/' });
        return response.end(), true;
      }
      send(response, result.status, result.body);
      return true;
    }
    if (route === 'POST /dev/jobs/run') {
      const body = v.safeParse(jobRunBody, await readJson(request));
      if (!body.success) return send(response, 400, { error: v.flatten(body.issues), jobs: jobNames }), true;
      const at = body.output.at ? new Date(body.output.at) : new Date();
      send(response, 200, { job: body.output.job, at: at.toISOString(), did: await jobs[body.output.job](db, at) });
      return true;
    }
    if (route === 'POST /dev/deals/status') {
      const body = v.safeParse(dealStatusBody, await readJson(request));
      if (!body.success) return send(response, 400, { error: v.flatten(body.issues), statuses: dealStatuses }), true;
      const { deal_id, status, transaction_amount, transaction_fee, decline_reason } = body.output;
      const moved = await moveDeal(db, { dealId: deal_id, status, transactionAmount: transaction_amount, transactionFee: transaction_fee, declineReason: decline_reason });
      send(response, moved.status, moved.body);
      return true;
    }
    if (route === 'POST /dev/licenses/status') {
      const body = v.safeParse(licenseStatusBody, await readJson(request));
      if (!body.success) return send(response, 400, { error: v.flatten(body.issues) }), true;
      const { request_id, status, license_key, decline_reason } = body.output;
      const decided = await decideLicenseRequest(db, { requestId: request_id, status, licenseKey: license_key, declineReason: decline_reason });
      send(response, decided.status, decided.body);
      return true;
    }
  } catch (error) {
    if (error instanceof BadBody || error instanceof SyntaxError) {
      send(response, 400, { error: 'Send a JSON body.' });
      return true;
    }
    // What the control ran failed (a job's query, a payment): say so, not that the body was wrong.
    console.error(`${route} failed:`, error instanceof Error ? error.message : error);
    send(response, 500, { error: `${route} failed: ${error instanceof Error ? error.message : 'unknown error'}` });
    return true;
  }
  return false;
}
