// The promo code's model paths in the real cart panel. The promo flow hears of the cart's lines from the cart
// (cart.changed): the walk changes the real cart the way a member does, the quantity or removal of a line in
// the panel or Add to cart on a product's page, with what else the step changes made on the server first, so
// the cart tells the promo flow once, with the model's lines. WELCOME10 is checked by the real server; the
// model's other answers to the typed code (FLAT5's cover, an expired code) are the server's own answers for
// FLAT5 and EXPIRED1, staged for it. The promo input shows only in a cart with lines: the walk starts with
// the e-book in the cart, and a step the model takes in an empty cart stops the path, with the reason.
import { quantityPause } from '../../domain/timing';
import { expect } from '@playwright/test';
import { promoModel } from '../models/promo.model';
import { NotOnPage, type MachineDriver, type PathContext } from './driver';
import { clearCart, memberCall, signInFor } from './support';
import { whiteLabelUuid, demoOrigin } from '../e2e/support';

/** The model's products as the demo shop sells them (server/db/seed-commerce.ts). */
const products: Record<string, { name: string; cycle: string }> = {
  'p-ebook': { name: 'Market Psychology E-book', cycle: 'onetime' },
  'p-signals': { name: 'Signals Bot', cycle: 'monthly' },
};
type Lines = Record<string, number>;

const panel = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Cart' });
/** The notifier's text of the reasons the model's answers name (src/lib/app-error-text.ts, in English). */
const promoReasons: Record<string, string> = {
  PromoNotFound: 'This promo code does not exist.',
  PromoExpired: 'This promo code has expired.',
  PromoNotCovering: 'This promo code does not apply to every product in the cart, so it was removed.',
};
const codeField = (ctx: PathContext) => panel(ctx).getByRole('textbox', { name: 'Promo code' });

async function realIds(ctx: PathContext): Promise<Record<string, string>> {
  if (ctx.state.ids) return ctx.state.ids;
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleProducts } = await memberCall<{ moduleProducts: { id: string; name: string }[] }>(
    ctx,
    'query ($uuid: ID!) { moduleProducts(whitelabel_uuid: $uuid) { id name } }',
    { uuid },
  );
  ctx.state.uuid = uuid;
  ctx.state.ids = Object.fromEntries(Object.entries(products).map(([model, { name }]) => [model, moduleProducts.find((product) => product.name === name)!.id]));
  return ctx.state.ids;
}

/** Sets one product's quantity in the member's cart on the server (adds the line when it has none). */
async function setOnServer(ctx: PathContext, model: string, qty: number, had: number) {
  const ids = await realIds(ctx);
  if (had === 0 && qty > 0) {
    await memberCall(
      ctx,
      'mutation ($uuid: ID!, $product: ID!, $qty: Int!, $cycle: String!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $uuid, product_id: $product, input: { qty: $qty, billing_cycle: $cycle }) { status } }',
      { uuid: ctx.state.uuid, product: ids[model], qty, cycle: products[model]!.cycle },
    );
    return;
  }
  const { moduleProductsShopingCart: cart } = await memberCall<{ moduleProductsShopingCart: { id: string } }>(
    ctx,
    'query ($uuid: ID!) { moduleProductsShopingCart(whitelabel_uuid: $uuid) { id } }',
    { uuid: ctx.state.uuid },
  );
  await memberCall(
    ctx,
    'mutation ($uuid: ID!, $order: ID!, $product: ID!, $qty: Int!) { moduleProductsRemoveFromShoppingCart(whitelabel_uuid: $uuid, order_id: $order, product_id: $product, input: { qty: $qty }) { status } }',
    { uuid: ctx.state.uuid, order: cart.id, product: ids[model], qty },
  );
}

async function openPanel(ctx: PathContext) {
  if (await panel(ctx).count()) return;
  await ctx.page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
  await expect(panel(ctx)).toBeVisible();
}

/** The cart as the panel shows it: every line with the model's lines and quantities. */
async function expectLines(ctx: PathContext, lines: Lines) {
  for (const [model, { name }] of Object.entries(products)) {
    const qty = panel(ctx).getByRole('textbox', { name: `Quantity of ${name}` });
    if (lines[model]) await expect(qty).toHaveValue(String(lines[model]));
    else await expect(qty).toHaveCount(0);
  }
}

/** The cart changes as a member changes it, so that the cart tells the promo flow `target` once. */
async function changeCart(ctx: PathContext, target: Lines) {
  const now: Lines = ctx.state.lines;
  const all = Object.keys(products);
  if (all.every((model) => (now[model] ?? 0) === (target[model] ?? 0))) {
    const held = ctx.before?.context.lines as { product: { id: string } }[] | undefined;
    const productsOf = (ids: string[]) => [...ids].sort().join(',');
    if (ctx.before?.matches('applied') && held && productsOf(held.map((line) => line.product.id)) !== productsOf(Object.keys(target))) {
      throw new NotOnPage('The walk started with the e-book in the cart, so the flow already has these products: no change reaches it to check the code again.');
    }
    // The same lines again: nothing on the page changes, and the flow takes them as it had them.
    return;
  }
  const inPanel = all.find((model) => (now[model] ?? 0) > 0 && (now[model] ?? 0) !== (target[model] ?? 0));
  // Added by the member on the product's page (one of it); what else is added, on the server first.
  const added = all.find((model) => !(now[model] ?? 0) && target[model] === 1) ?? all.find((model) => !(now[model] ?? 0) && (target[model] ?? 0) > 0);
  const byMember = inPanel ?? added!;
  for (const model of all) {
    if (model !== byMember && (now[model] ?? 0) !== (target[model] ?? 0)) await setOnServer(ctx, model, target[model] ?? 0, now[model] ?? 0);
  }
  const { name } = products[byMember]!;
  if (inPanel) {
    await openPanel(ctx);
    if (!target[byMember]) await panel(ctx).getByRole('button', { name: `Remove ${name}` }).click();
    else {
      // A step of the quantity field (its arrow keys), one line change at a time as the member makes it.
      const field = panel(ctx).getByRole('textbox', { name: `Quantity of ${name}` });
      const steps = target[byMember]! - now[byMember]!;
      for (let step = 0; step < Math.abs(steps); step += 1) await field.press(steps > 0 ? 'ArrowUp' : 'ArrowDown');
    }
    // The cart sends the quantity once typing pauses (its quantityPause), then tells the promo flow.
    await ctx.page.clock.fastForward(quantityPause);
  } else {
    // Add to cart on the product's page, reached through the store as a member goes (the flows keep running).
    if (await panel(ctx).count()) await panel(ctx).getByRole('button', { name: 'Close the cart' }).click();
    // The side menu at desktop width, the bottom bar at phone width.
    await ctx.page.getByRole('link', { name: 'Products', exact: true }).filter({ visible: true }).first().click();
    await ctx.page.getByRole('main').getByRole('link', { name }).first().click();
    await ctx.page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
    await expect(panel(ctx)).toBeVisible();
  }
  ctx.state.lines = target;
  await expectLines(ctx, target);
}

const linesOf = (event: { lines: { product: { id: string }; qty: number }[] }): Lines =>
  Object.fromEntries(event.lines.map((line) => [line.product.id, line.qty]));

/** The server's own answer to a check of `code` for the cart's products, as the answer to the typed code. */
async function serverAnswerFor(ctx: PathContext, code: string) {
  const ids = await realIds(ctx);
  const productIds = Object.entries(ctx.state.lines as Lines).filter(([, qty]) => qty > 0).map(([model]) => ids[model]);
  const response = await ctx.page.request.post('/graphql', {
    headers: { connection: 'close', origin: demoOrigin, authorization: `Bearer ${ctx.state.token}` },
    data: {
      query: 'mutation ($uuid: ID!, $code: String!, $ids: [ID!]!) { modulePromoCodesCheck(whitelabel_uuid: $uuid, promocode: $code, product_ids: $ids) { code discount discount_type products product_categories applies_to_all } }',
      variables: { uuid: ctx.state.uuid, code, ids: productIds },
    },
  });
  return response.json();
}

const emptyCart = (ctx: PathContext) => Object.values(ctx.state.lines as Lines).every((qty) => !qty);
const inCart = (ctx: PathContext) => {
  if (emptyCart(ctx)) throw new NotOnPage('The promo input shows only in a cart with lines; the model types a code into an empty cart.');
};

export const promoDriver: MachineDriver = {
  name: 'promo',
  model: promoModel,
  operations: { checkPromo: 'CheckPromo' },
  async prepare(ctx) {
    // The demo member, its cart emptied (a new member per path would meet the registration rate limit).
    await signInFor(ctx, 'demo');
    await clearCart(ctx);
    ctx.staged('the cart starts with the e-book: the promo input shows only in a cart with lines (the model starts with none)');
    await realIds(ctx);
    await setOnServer(ctx, 'p-ebook', 1, 0);
    ctx.state.lines = { 'p-ebook': 1 };
  },
  async open(ctx) {
    await ctx.page.goto('/dashboard');
    await openPanel(ctx);
    await expectLines(ctx, ctx.state.lines);
  },
  gestures: {
    'promo.change': async (ctx, event) => {
      inCart(ctx);
      await codeField(ctx).fill(event.code);
    },
    'promo.apply': async (ctx) => {
      inCart(ctx);
      await panel(ctx).getByRole('button', { name: 'Apply' }).click();
    },
    'promo.clear': (ctx) => panel(ctx).getByRole('button', { name: 'Remove the promo code' }).click(),
    'cart.changed': (ctx, event) => changeCart(ctx, linesOf(event)),
  },
  answers: {
    'xstate.done.actor.checkPromo': async (ctx, event) => {
      const output = event.output as { ok: boolean; value?: { code: string } };
      const code = output.ok ? output.value!.code : 'EXPIRED1';
      if (code === 'WELCOME10') return ctx.wire.clear('CheckPromo');
      ctx.staged(`the server's answer for ${code}`);
      // Asked when the call goes out, for the cart's products then.
      const answer = await serverAnswerFor(ctx, code);
      ctx.wire.stage('CheckPromo', () => answer, true);
    },
    'xstate.error.actor.checkPromo': async (ctx) => ctx.wire.failOnce('CheckPromo'),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot) => (snapshot.context.applied ? 'applied' : snapshot.context.error ? 'idle-error' : String(snapshot.value)),
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    await expect(panel(ctx)).toBeVisible(now);
    if (context.applied) {
      await expect(panel(ctx).getByTestId('promo-applied')).toContainText(`Promo code ${context.applied.code} applied`, now);
      await expect(codeField(ctx)).toHaveCount(0, now);
      return;
    }
    await expect(panel(ctx).getByTestId('promo-applied')).toHaveCount(0, now);
    if (emptyCart(ctx)) {
      await expect(panel(ctx).getByText('Your cart is empty.')).toBeVisible(now);
      return;
    }
    await expect(codeField(ctx)).toHaveValue(context.code, now);
    const apply = panel(ctx).getByRole('button', { name: 'Apply' });
    if (context.code.trim() !== '') await expect(apply).toBeEnabled(now);
    else await expect(apply).toHaveCount(0, now);
    // The reason of a cleared code goes to the notifier (calls §8); the field is never marked with it.
    await expect(codeField(ctx)).not.toHaveAttribute('aria-invalid', 'true', now);
    if (context.error) await expect(ctx.page.locator('.mantine-Notification-root').filter({ hasText: promoReasons[context.error.reason ?? ''] ?? /./ }).first()).toBeVisible(now);
  },
};
