// Buying a tariff: the model paths on Acme's real tariffs page (the Demo Portal has no tariffs module).
// "No tariff" is a member of Acme registered for the run (one for all such paths: a Buy only makes an unpaid
// invoice); "running Pro" is Acme's demo member running the Growth Portfolio, the second of Acme's three
// (bought and paid from its balance once, before the first such path), so the first below it asks before the
// switch. Buy makes the real invoice and opens it to pay; a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { tariffCheckoutModel } from '../models/tariff-checkout.model';
import { e2ePort } from '../../playwright.config';
import { acmeOrigin, apiCall, apiLogIn, freshEmail, lastMail, runnerHeaders, startSignedIn, whiteLabelUuid, type Session } from '../e2e/support';
import { hostSource } from '../../domain/host-source';
import type { MachineDriver, PathContext } from './driver';
import { notice } from './support';

type Variant = {
  origin: string;
  /** Signs in through the API (the "no tariff" member is registered for the run). */
  member: { email: string; password: string };
  /** The model's tariffs (pro is level 2, basic level 1) as the tenant names them. */
  names: Record<string, string>;
  /** What the current tariff offers that the lower one does not (the dialog's "You lose"). */
  lost?: string;
};
const noTariff: Variant = {
  origin: acmeOrigin,
  member: { email: '', password: 'Secret123' },
  names: { pro: 'Growth Portfolio', basic: 'Starter Portfolio' },
};
const runningPro: Variant = {
  origin: acmeOrigin,
  member: { email: 'demo@example.com', password: 'Demo12345' },
  names: { pro: 'Growth Portfolio', basic: 'Starter Portfolio' },
  lost: 'Growth and thematic funds',
};
const cycleLabels: Record<string, RegExp> = { monthly: /^Monthly/, quartally: /^Quarterly/, annually: /^Yearly/ };

const variantOf = (ctx: PathContext): Variant => ((ctx.path.input as { currentLevel: number | null }).currentLevel ? runningPro : noTariff);
const tile = (ctx: PathContext, productId: string) => ctx.page.getByRole('article', { name: variantOf(ctx).names[productId] });
const confirmDialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Before you switch' });
const buyButtonName = /^(Buy|Invest|Extend)$/;

/** A GraphQL call from the test runner to the portal at `origin`, as the member of `token`. */
async function call<T>(ctx: PathContext, origin: string, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await ctx.page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin, host: new URL(origin).host, authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data || answer.errors) throw new Error(`${query.slice(0, 60)} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** The Acme member runs the Growth Portfolio: bought and paid from its balance, unless it already does. */
async function runGrowth(ctx: PathContext, token: string) {
  const { origin } = runningPro;
  const uuid = await whiteLabelUuid(ctx.page, origin);
  const { me, moduleProductsTariffs } = await call<{
    me: { purchase: { product_id: string } | null };
    moduleProductsTariffs: { level: number; product: { id: string; name: string } }[];
  }>(ctx, origin, token, 'query ($uuid: ID!) { me { purchase { product_id } } moduleProductsTariffs(whitelabel_uuid: $uuid) { level product { id name } } }', { uuid });
  const growth = moduleProductsTariffs.find((tariff) => tariff.product.name === runningPro.names.pro)!;
  if (me.purchase?.product_id === growth.product.id) return;
  const { moduleProductsTariffsCheckout } = await call<{ moduleProductsTariffsCheckout: { invoice_id: string } }>(
    ctx,
    origin,
    token,
    'mutation ($uuid: ID!, $product: ID!) { moduleProductsTariffsCheckout(whitelabel_uuid: $uuid, product_id: $product, billing_cycle: "monthly") { invoice_id } }',
    { uuid, product: growth.product.id },
  );
  await call(ctx, origin, token, 'mutation ($id: ID!, $key: String) { payFromBalance(invoice_id: $id, idempotency_key: $key) { status } }', {
    id: moduleProductsTariffsCheckout.invoice_id,
    key: `paths-growth-${moduleProductsTariffsCheckout.invoice_id}`,
  });
}

/** A member of Acme's, registered and verified through the API once per run (registration is rate-limited). */
let acmeNewcomer: Promise<Session> | null = null;
function acmeMemberWithoutTariff(ctx: PathContext): Promise<Session> {
  acmeNewcomer ??= (async () => {
    const origin = acmeOrigin;
    const email = freshEmail('paths-tariff');
    const uuid = await whiteLabelUuid(ctx.page, origin);
    await apiCall(
      ctx.page,
      origin,
      'mutation ($email: String!, $uuid: ID!, $source: String!) { createUser(name: "Tariff Tester", email: $email, password: "Secret123", lang: "en", whitelabel_uuid: $uuid, source: $source) { id } }',
      { email, uuid, source: hostSource(new URL(origin).host, ['.localhost']) },
    );
    await expect.poll(async () => (await lastMail(ctx.page.request, email))?.text, { message: `a code mailed to ${email}` }).toMatch(/\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec((await lastMail(ctx.page.request, email))!.text)![1]!;
    const { verifyEmail } = await apiCall<{ verifyEmail: Session | null }>(
      ctx.page,
      origin,
      'mutation ($uuid: ID, $email: String!, $code: String) { verifyEmail(whitelabel_uuid: $uuid, email: $email, code: $code) { access_token expires_in } }',
      { uuid, email, code },
    );
    return verifyEmail!;
  })();
  acmeNewcomer.catch(() => (acmeNewcomer = null));
  return acmeNewcomer;
}

export const tariffCheckoutDriver: MachineDriver = {
  name: 'tariff-checkout',
  model: tariffCheckoutModel,
  operations: { createInvoice: 'TariffsCheckout' },
  async prepare(ctx) {
    const variant = variantOf(ctx);
    const session = variant === runningPro ? await apiLogIn(ctx.page, variant.member, { origin: variant.origin }) : await acmeMemberWithoutTariff(ctx);
    if (variant === runningPro) await runGrowth(ctx, session.access_token);
    await startSignedIn(ctx.page, variant.origin, session);
  },
  async open(ctx) {
    await ctx.page.goto(`${variantOf(ctx).origin}/tariffs`);
  },
  gestures: {
    'tariff.buy': async (ctx, event: { productId: string; cycle: string }) => {
      await tile(ctx, event.productId).getByRole('radio', { name: cycleLabels[event.cycle] }).check();
      await tile(ctx, event.productId).getByRole('button', { name: buyButtonName }).click();
    },
    'downgrade.confirm': (ctx) => confirmDialog(ctx).getByRole('button', { name: /^Continue with / }).click(),
    'downgrade.cancel': (ctx) => confirmDialog(ctx).getByRole('button', { name: /^Keep / }).click(),
  },
  answers: {
    'xstate.done.actor.createInvoice': async (ctx) => ctx.wire.clear('TariffsCheckout'),
    'xstate.error.actor.createInvoice': async (ctx) => ctx.wire.failOnce('TariffsCheckout'),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot: AnyMachineSnapshot) => `${String(snapshot.value)}${snapshot.context.error ? '-error' : ''}`,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const variant = variantOf(ctx);
    if (snapshot.matches('paying')) {
      // The invoice opens to be paid, in the payment dialog.
      await expect(ctx.page).toHaveURL(/\/invoice\/[^/?]+\?pay=true$/, now);
      await expect(ctx.page.getByRole('dialog', { name: /^Pay invoice INV-/ })).toBeVisible(now);
      return;
    }
    await expect(ctx.page.getByRole('article')).toHaveCount(3, now);
    if (snapshot.matches('confirmingDowngrade')) {
      const dialog = confirmDialog(ctx);
      await expect(dialog).toContainText(`You are moving from ${variant.names.pro} to ${variant.names[context.productId]}.`, now);
      await expect(dialog.getByRole('region', { name: 'You lose' })).toContainText(variant.lost!, now);
      return;
    }
    await expect(confirmDialog(ctx)).toHaveCount(0, now);
    for (const productId of Object.keys(variant.names)) {
      const buy = tile(ctx, productId).getByRole('button', { name: buyButtonName });
      if (variant === runningPro && productId === 'pro') await expect(buy).toHaveText('Extend', now);
      await expect(buy).toBeEnabled(now);
    }
    // A failed Buy is said in the notifier; the page itself shows no alert.
    await expect(ctx.page.getByRole('main').getByRole('alert')).toHaveCount(0, now);
    if (context.error) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
