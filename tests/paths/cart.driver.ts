// The cart's model paths in the real store and member pages: Add to cart on a product's page, the cart
// button and panel driven by role and name, the registration dialog the cart asks for. The server's cart is
// made to hold the model's answer as each call goes out (the lines of a guest's or the member's cart, an
// order already made into an invoice, a guest cart to merge), by the test runner's own calls, as another tab
// of the same member would change it. Signing in and out happens in another tab of the browser (the cart hears
// it through the shared storage). What the server cannot be brought to say (a guest with no guest id who has
// lines, an invoice refused for its promo code) is staged, and the report says so. The typing pause is
// Playwright's clock, which stands still while the flow waits on it: only the model's timer step moves it on.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as apiRequests, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { selectCount, selectFieldError, selectLines, selectQuantityLimit } from '../../machines/shop/cart.selectors';
import { quantityPause } from '../../domain/timing';
import type { CartLine } from '../../machines/shop/shop.types';
import { cartModel } from '../models/cart.model';
import { e2ePort, scaled } from '../../playwright.config';
import { apiLogIn, demoOrigin, runnerHeaders, whiteLabelUuid, type Session } from '../e2e/support';
import { isSettle, NotOnPage, planCalls, serverRefusal, type CallPlan, type MachineDriver, type PathContext } from './driver';

/** The model's products as the demo shop sells them (server/db/seed-commerce.ts). */
const products: Record<string, { name: string; cycle: string }> = {
  'p-ebook': { name: 'Market Psychology E-book', cycle: 'onetime' },
  'p-signals': { name: 'Signals Bot', cycle: 'monthly' },
};
const cycleLabels: Record<string, string> = { onetime: 'One-time', monthly: 'Monthly' };

type Owner = { token: string } | { anonymousId: string };
type ServerCart = { id: string; status: string; lines: { qty: number; billing_cycle: string; product: { id: string } }[] } | null;

const panel = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Cart' });
const registration = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Create an account' });
const cartButton = (ctx: PathContext) => ctx.page.getByTestId('cart-button').filter({ visible: true }).first();

/**
 * The runner's own requests, apart from the page's: these calls run inside the page's route handlers, and a
 * page that navigates meanwhile (signed out elsewhere) disposed the page's responses before they were read.
 */
let runnerRequests: Promise<APIRequestContext> | null = null;

/** A GraphQL call from the test runner, as a guest (with its guest id in the variables) or as a member. */
async function runnerCall<T>(ctx: PathContext, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await (await (runnerRequests ??= apiRequests.newContext())).post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin: demoOrigin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data || answer.errors) throw new Error(`${query.slice(0, 60)} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** The demo shop's ids of the model's products, and the tenant's uuid (asked once per path). */
async function realIds(ctx: PathContext): Promise<Record<string, string>> {
  if (ctx.state.ids) return ctx.state.ids;
  ctx.state.uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleProducts } = await runnerCall<{ moduleProducts: { id: string; name: string }[] }>(
    ctx,
    'query ($uuid: ID!) { moduleProducts(whitelabel_uuid: $uuid) { id name } }',
    { uuid: ctx.state.uuid },
  );
  ctx.state.ids = Object.fromEntries(
    Object.entries(products).map(([model, { name }]) => [model, moduleProducts.find((product) => product.name === name)!.id]),
  );
  return ctx.state.ids;
}

const asOwner = (owner: Owner) => ('token' in owner ? { token: owner.token, anonymous: null } : { token: undefined, anonymous: owner.anonymousId });

async function serverCart(ctx: PathContext, owner: Owner): Promise<ServerCart> {
  const { token, anonymous } = asOwner(owner);
  const { moduleProductsShopingCart } = await runnerCall<{ moduleProductsShopingCart: ServerCart }>(
    ctx,
    'query ($uuid: ID!, $anonymous: String) { moduleProductsShopingCart(whitelabel_uuid: $uuid, anonymous_id: $anonymous) { id status lines { qty billing_cycle product { id } } } }',
    { uuid: ctx.state.uuid, anonymous },
    token,
  );
  return moduleProductsShopingCart && moduleProductsShopingCart.status === 'new' ? moduleProductsShopingCart : null;
}

async function addOnServer(ctx: PathContext, owner: Owner, productId: string, cycle: string, qty: number) {
  const { token, anonymous } = asOwner(owner);
  await runnerCall(
    ctx,
    'mutation ($uuid: ID!, $product: ID!, $qty: Int!, $cycle: String!, $anonymous: String) { moduleProductsAddToShoppingCart(whitelabel_uuid: $uuid, product_id: $product, input: { qty: $qty, billing_cycle: $cycle }, anonymous_id: $anonymous) { status } }',
    { uuid: ctx.state.uuid, product: productId, qty, cycle, anonymous },
    token,
  );
}

async function setQtyOnServer(ctx: PathContext, owner: Owner, orderId: string, productId: string, qty: number) {
  const { token, anonymous } = asOwner(owner);
  await runnerCall(
    ctx,
    'mutation ($uuid: ID!, $order: ID!, $product: ID!, $qty: Int!, $anonymous: String) { moduleProductsRemoveFromShoppingCart(whitelabel_uuid: $uuid, order_id: $order, product_id: $product, anonymous_id: $anonymous, input: { qty: $qty }) { status } }',
    { uuid: ctx.state.uuid, order: orderId, product: productId, qty, anonymous },
    token,
  );
}

/**
 * The owner's cart on the server made to hold exactly `lines` (the model's), or, with `null`, no order that is
 * still a cart: a member's is made into an invoice, a guest's merged into the demo member's cart.
 */
async function makeCart(ctx: PathContext, owner: Owner, lines: readonly CartLine[] | null) {
  const ids = await realIds(ctx);
  const cart = await serverCart(ctx, owner);
  if (lines === null) {
    if (!cart) return;
    if ('anonymousId' in owner) {
      await runnerCall(
        ctx,
        'mutation ($uuid: ID!, $anonymous: String!) { moduleProductsMergeGuestCart(whitelabel_uuid: $uuid, anonymous_id: $anonymous) { merged { qty } } }',
        { uuid: ctx.state.uuid, anonymous: owner.anonymousId },
        ctx.state.demo.access_token,
      );
      return;
    }
    if (!cart.lines.length) await addOnServer(ctx, owner, ids['p-ebook']!, 'onetime', 1);
    await runnerCall(
      ctx,
      'mutation ($order: ID!, $key: String) { moduleProductsCreateInvoice(order_id: $order, idempotency_key: $key) { id } }',
      { order: cart.id, key: `paths-cart-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      owner.token,
    );
    return;
  }
  const wanted = new Map(lines.map((line) => [ids[line.product.id]!, line]));
  for (const line of cart?.lines ?? []) {
    const want = wanted.get(line.product.id);
    if (!want) await setQtyOnServer(ctx, owner, cart!.id, line.product.id, 0);
    else if (want.qty !== line.qty) await setQtyOnServer(ctx, owner, cart!.id, line.product.id, want.qty);
  }
  for (const [productId, line] of wanted) {
    if (!cart?.lines.some((existing) => existing.product.id === productId)) await addOnServer(ctx, owner, productId, line.cycle, line.qty);
  }
}

/** A guest cart of the runner's own, with `lines` (the guest id of a cart the page asks for when it has none). */
async function runnerGuest(ctx: PathContext, lines: readonly CartLine[]): Promise<string> {
  ctx.state.runnerGuest ??= `paths-guest-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  await makeCart(ctx, { anonymousId: ctx.state.runnerGuest }, lines);
  return ctx.state.runnerGuest;
}

/** Who the page's call is from: the member of its token, or the guest id it names (none: a guest without one). */
function ownerOf(request: Request): Owner | null {
  const authorization = request.headers()['authorization'];
  if (authorization?.startsWith('Bearer ')) return { token: authorization.slice('Bearer '.length) };
  const anonymous = (request.postDataJSON() as { variables?: { anonymous_id?: string | null } }).variables?.anonymous_id;
  return anonymous ? { anonymousId: anonymous } : null;
}

type Arrangement = (request: Request) => Promise<string | undefined>;
type Arranged = { arrangement: Arrangement; throughWire: boolean };

/**
 * What the server is made to hold when the page's next call of `operation` goes out (before the wire's rules).
 * A call the walk answers at once goes on past the wire: a hold the wire keeps for a later call of the same
 * operation (the cart's fetch after the invoice, held while the member acts) must not catch an earlier one
 * (the fetch before the invoice, answered at once).
 */
function arrangeAtCall(ctx: PathContext, operation: string, answerStep: number, arrangement: Arrangement) {
  const queue: Record<string, Arranged[]> = (ctx.state.arrangements ??= {});
  (queue[operation] ??= []).push({ arrangement, throughWire: callPlan(ctx).releaseAt.has(answerStep) });
}

/** The call's variables with another guest id (a staged answer: the server's own, for that guest's cart). */
function withGuest(request: Request, anonymousId: string) {
  const body = request.postDataJSON() as { variables: Record<string, unknown> };
  return JSON.stringify({ ...body, variables: { ...body.variables, anonymous_id: anonymousId } });
}

async function installArrangements(ctx: PathContext) {
  await ctx.page.route('**/graphql', async (route) => {
    const request = route.request();
    let operation: string | undefined;
    try {
      const body = request.postDataJSON() as { operationName?: string; query?: string } | null;
      operation = body?.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body?.query ?? '')?.[1];
    } catch {
      operation = undefined;
    }
    const arranged = operation ? (ctx.state.arrangements as Record<string, Arranged[]> | undefined)?.[operation]?.shift() : undefined;
    if (!arranged) return route.fallback();
    const postData = await arranged.arrangement(request);
    const changed = postData ? { postData } : undefined;
    return arranged.throughWire ? route.fallback(changed) : route.continue(changed);
  });
}

/** When each call of the path starts and is answered, as the walk plans it (tests/paths/driver.ts). */
const callPlan = (ctx: PathContext): CallPlan => (ctx.state.plan ??= planCalls(ctx.path, cartDriver.operations));

/**
 * The walk's step: every step runs exactly one of the driver's own functions (the opening, a gesture, a timer,
 * an answer taken), which counts it. Answers are arranged at the start of the step that starts their call,
 * before that step's own function.
 */
const stepTaken = (ctx: PathContext): number => (ctx.state.step = (ctx.state.step ?? -1) + 1);
const stepStarting = (ctx: PathContext): number => (ctx.state.step ?? -1) + 1;

/** The step of the answer being arranged: the walk arranges a step's answers in the order of its plan. */
function answerStep(ctx: PathContext): number {
  const at = stepStarting(ctx);
  const taken: number = ctx.state.arranging?.at === at ? ctx.state.arranging.taken : 0;
  ctx.state.arranging = { at, taken: taken + 1 };
  return callPlan(ctx).arrangeAt.get(at)![taken]!;
}

const typing = (snapshot: AnyMachineSnapshot | undefined) => !!snapshot?.matches('typingQuantity');

/**
 * The typing pause runs on Playwright's clock, and only the walk moves it on: the page's clock stands still
 * while the flow waits for the pause, so the quantity goes out at the model's timer step and not 800 ms after
 * the keystroke, whatever the checks in between take. It stops before the member's step that leads into
 * typing (or before the answer that does, taken at its own step), and runs again at the first member step
 * after typing.
 */
async function typingClock(ctx: PathContext, step: number) {
  const steps = ctx.path.path.steps;
  // This step, and the answers that follow it by themselves (an answer held for its own step stops there).
  let stopNow = typing(steps[step]!.state as AnyMachineSnapshot);
  for (let next = step + 1; !stopNow && next < steps.length && isSettle((steps[next]!.event as EventObject).type); next += 1) {
    if (callPlan(ctx).releaseAt.has(next)) break;
    stopNow = typing(steps[next]!.state as AnyMachineSnapshot);
  }
  if (stopNow) await stopClock(ctx);
  else if (ctx.state.clockStopped && !typing(ctx.before)) {
    await ctx.page.clock.resume();
    ctx.state.clockStopped = false;
  }
}

async function stopClock(ctx: PathContext) {
  if (ctx.state.clockStopped) return;
  // Paused a moment ahead of the page's time (the clock cannot go back), before the timer is set.
  for (let ahead = 20; ; ahead *= 2) {
    const now = await ctx.page.evaluate(() => Date.now());
    try {
      await ctx.page.clock.pauseAt(now + ahead);
      break;
    } catch (error) {
      if (!String(error).includes('past') || ahead > 5_000) throw error;
    }
  }
  ctx.state.clockStopped = true;
}

/**
 * A state's screen for the gallery while the clock stands still: kept here, as the gallery's own wait for
 * transitions counts animation frames, which a paused clock does not give (the panel has none: reduced motion).
 */
async function keepPausedScreen(ctx: PathContext, snapshot: AnyMachineSnapshot) {
  const dir = join(process.env.PATHS_GALLERY!, 'cart');
  const file = join(dir, `${cartDriver.screenName!(snapshot)}-${test.info().project.name}.png`);
  if (existsSync(file)) return;
  mkdirSync(dir, { recursive: true });
  await ctx.page.screenshot({ path: file, animations: 'disabled' });
}

type StepFn = (ctx: PathContext, event: any) => Promise<void>;
/** A member's step or a timer: counted, with the clock set for the typing pause first. */
const memberStep = (act: StepFn): StepFn => async (ctx, event) => {
  await typingClock(ctx, stepTaken(ctx));
  await act(ctx, event);
};
const memberSteps = (acts: Record<string, StepFn>) => Object.fromEntries(Object.entries(acts).map(([type, act]) => [type, memberStep(act)]));
/** Arrangements told which step their answer is. */
const arrangements = (acts: Record<string, (ctx: PathContext, event: any, step: number) => Promise<void>>) =>
  Object.fromEntries(Object.entries(acts).map(([type, act]) => [type, (ctx: PathContext, event: any) => act(ctx, event, answerStep(ctx))]));
/**
 * Answers the page takes by itself: counted; one held for this step and let go just now that leads into
 * typing stops the clock (the pause is 800 ms; the answer has only reached the page).
 */
const answersTaken = (types: string[], acts: Record<string, StepFn> = {}) =>
  Object.fromEntries(
    types.map((type) => [
      type,
      async (ctx: PathContext, event: any) => {
        const step = stepTaken(ctx);
        if (typing(ctx.path.path.steps[step]!.state as AnyMachineSnapshot)) await stopClock(ctx);
        await acts[type]?.(ctx, event);
      },
    ]),
  );

/** Another tab of this browser, on the portal's origin without the app: a sign-in or out there reaches this tab. */
async function otherTab(ctx: PathContext): Promise<Page> {
  if (!ctx.state.tab) {
    const tab = await ctx.page.context().newPage();
    await tab.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Another tab</title>' }));
    await tab.goto(`${demoOrigin}/another-tab`);
    ctx.state.tab = tab;
  }
  return ctx.state.tab as Page;
}

/** The demo member signs in in another tab: the session a sign-in stores (src/lib/session.ts). */
async function signInElsewhere(ctx: PathContext) {
  const session: Session = ctx.state.demo;
  await (await otherTab(ctx)).evaluate(({ token, expires }) => {
    localStorage.setItem('auth-token', token);
    localStorage.setItem('auth-token-expires', String(Date.now() + expires * 1000));
  }, { token: session.access_token, expires: session.expires_in });
}

/** The member signs out in another tab: the session and the guest id forgotten, as sign-out forgets them. */
async function signOutElsewhere(ctx: PathContext) {
  await (await otherTab(ctx)).evaluate(() => {
    localStorage.removeItem('auth-token');
    localStorage.removeItem('auth-token-expires');
    localStorage.removeItem('anonymousId');
  });
}

const onProductPage = (ctx: PathContext, id: string) => new URL(ctx.page.url()).pathname.endsWith(`/product/${id}`);

/** The payment page opens its dialog over the page: the member closes it first. */
async function closePayment(ctx: PathContext) {
  if (!new URL(ctx.page.url()).pathname.startsWith('/gateway/pay/')) return;
  const payment = ctx.page.getByRole('dialog', { name: /^Pay invoice/ });
  // The page opens its dialog once the invoice is in: wait for it rather than click through its overlay.
  if (!(await payment.waitFor({ state: 'visible', timeout: scaled(3_000) }).then(() => true, () => false))) return;
  await payment.getByRole('button', { name: 'Close' }).first().click();
  await expect(payment).toHaveCount(0);
}

/** The product's page, reached through the member's products list (the flows keep running). */
async function goToProduct(ctx: PathContext, model: string) {
  const ids = await realIds(ctx);
  if (onProductPage(ctx, ids[model]!)) return;
  if (!ctx.state.member) throw new Error(`The guest's walk opens on the page of ${model}; it cannot reach another product's page.`);
  await closePayment(ctx);
  await ctx.page.getByRole('link', { name: 'Products', exact: true }).filter({ visible: true }).first().click();
  await ctx.page.getByRole('main').getByRole('link', { name: products[model]!.name }).first().click();
  await expect(ctx.page.getByRole('heading', { name: products[model]!.name })).toBeVisible();
}

const registrationOpen = (snapshot: AnyMachineSnapshot | undefined) => !!snapshot && (snapshot.matches('registering') || snapshot.matches('offeringRegistration'));

/** A step the page cannot take in the state the flow is in (`onPage`: a gesture on this tab's page). */
function reachable(ctx: PathContext, what: string, onPage = true) {
  if (ctx.before?.matches('creatingGuestId')) {
    throw new NotOnPage(`A guest id is made in the browser at once: nothing can happen before the add goes on (the model ${what} first).`);
  }
  if (onPage && registrationOpen(ctx.before)) throw new NotOnPage(`The registration dialog covers the page: the model ${what} under it.`);
}

const firstAdd = (ctx: PathContext) =>
  ctx.path.path.steps.map((step) => step.event as { type: string; line?: CartLine }).find((event) => event.type === 'cart.add')?.line?.product.id;

export const cartDriver: MachineDriver = {
  name: 'cart',
  model: cartModel,
  operations: {
    fetchCart: 'Cart',
    addLine: 'AddToCart',
    updateLine: 'UpdateCartLine',
    mergeGuestCart: 'MergeGuestCart',
    createInvoice: 'CreateCartInvoice',
  },
  async prepare(ctx) {
    const ids = await realIds(ctx);
    // The demo member: signs in in another tab, or is the path's member; its cart starts empty.
    ctx.state.demo = await apiLogIn(ctx.page);
    await makeCart(ctx, { token: ctx.state.demo.access_token }, []);
    const input = ctx.path.input as { loggedIn: boolean; anonymousId: string | null; linkProducts: { productId: string; cycle: string }[] };
    const stored: Record<string, string> = {};
    if (input.loggedIn) {
      ctx.state.member = true;
      stored['auth-token'] = ctx.state.demo.access_token;
      stored['auth-token-expires'] = String(Date.now() + ctx.state.demo.expires_in * 1000);
      stored.sc_products = JSON.stringify(input.linkProducts.map((link) => ({ productId: ids[link.productId], cycle: link.cycle })));
    }
    const steps = ctx.path.path.steps.map((step) => step.event as { type: string; output?: { lines: unknown[] } });
    const firstCart = steps.find((event) => event.type === 'xstate.done.actor.fetchCart')?.output;
    if (input.anonymousId !== null || (!input.loggedIn && firstCart?.lines.length)) {
      // A guest's cart on the server is under its guest id: a new guest with lines has one of its own.
      if (input.anonymousId === null) ctx.staged('the guest has a guest id (the model\'s new guest has none): a guest\'s lines are kept under one');
      stored.anonymousId = `paths-guest-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    }
    // What this browser holds before the first page, as a sign-in and a purchase link leave it (once per tab).
    await ctx.page.addInitScript((stored) => {
      if (sessionStorage.getItem('paths-cart-started')) return;
      sessionStorage.setItem('paths-cart-started', '1');
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, stored);
  },
  async open(ctx) {
    stepTaken(ctx);
    // The panel opens and closes at once (no animation frames), also while the clock stands still for typing.
    await ctx.page.emulateMedia({ reducedMotion: 'reduce' });
    await installArrangements(ctx);
    const ids = await realIds(ctx);
    const product = ids[firstAdd(ctx) ?? 'p-ebook']!;
    await ctx.page.goto(ctx.state.member ? `/product/${product}` : `/store/product/${product}`);
  },
  gestures: memberSteps({
    'cart.add': async (ctx, event: { line: CartLine }) => {
      reachable(ctx, 'adds a product');
      await goToProduct(ctx, event.line.product.id);
      // Add to cart lies under the open panel: the member closes it first (adding opens it again).
      if (await panel(ctx).count()) {
        await panel(ctx).getByRole('button', { name: 'Close the cart' }).click();
        await expect(panel(ctx)).toHaveCount(0);
      }
      const cycle = ctx.page.getByRole('main').getByRole('radio', { name: new RegExp(`^${cycleLabels[event.line.cycle]}`) });
      if (await cycle.count()) await cycle.check();
      await ctx.page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
    },
    'line.update': async (ctx, event: { productId: string; qty: number }) => {
      const { name } = products[event.productId]!;
      if (event.qty === 0) return panel(ctx).getByRole('button', { name: `Remove ${name}` }).click();
      // Typed over an emptied field, so the quantity goes to the cart also when the field already shows it.
      const field = panel(ctx).getByRole('textbox', { name: `Quantity of ${name}` });
      await field.fill('');
      await field.fill(String(event.qty));
    },
    'checkout.start': (ctx) => panel(ctx).getByRole('button', { name: 'Go to pay' }).click(),
    'registration.dismiss': (ctx) => registration(ctx).getByRole('button', { name: 'Close' }).click(),
    'merge.dismiss': (ctx) => panel(ctx).getByRole('button', { name: 'Dismiss' }).click(),
    'cart.retry': (ctx) => panel(ctx).getByRole('button', { name: 'Try again' }).click(),
    'panel.open': async (ctx) => {
      reachable(ctx, 'opens the cart');
      await closePayment(ctx);
      await cartButton(ctx).click();
    },
    'panel.close': async (ctx) => {
      reachable(ctx, 'closes the cart');
      await panel(ctx).getByRole('button', { name: 'Close the cart' }).click();
    },
    'cart.update': async () => {
      throw new NotOnPage('Only a paid invoice in this tab tells the cart to fetch itself again; the model has other flows tell it here.');
    },
    'session.started': async (ctx) => {
      reachable(ctx, 'signs in', false);
      if (ctx.before?.context.loggedIn) throw new NotOnPage('The tab hears of a sign-in only while it is signed out; the model signs the member in again.');
      await signInElsewhere(ctx);
    },
    'session.ended': async (ctx) => {
      reachable(ctx, 'signs out', false);
      if (!ctx.before?.context.loggedIn) throw new NotOnPage('The tab hears of a sign-out only while it is signed in; the model signs the guest out.');
      if (ctx.before?.context.panelOpen && !new URL(ctx.page.url()).pathname.startsWith('/store')) {
        throw new NotOnPage("Signed out elsewhere, the member's page gives way to the login page, and the open cart with it; the model keeps the panel open.");
      }
      await signOutElsewhere(ctx);
    },
  }),
  answers: arrangements({
    'xstate.done.actor.fetchCart': async (ctx, event, step) => {
      const output = event.output as { orderId: string | null; lines: CartLine[] };
      arrangeAtCall(ctx, 'Cart', step, async (request) => {
        const owner = ownerOf(request);
        if (owner) return void (await makeCart(ctx, owner, output.orderId === null ? null : output.lines));
        if (output.orderId === null) return undefined;
        // A guest without a guest id has no cart on the server.
        ctx.staged("the cart of a guest with no guest id (the server's answer for a guest cart with these lines)");
        return withGuest(request, await runnerGuest(ctx, output.lines));
      });
    },
    'xstate.error.actor.fetchCart': async (ctx) => ctx.wire.failOnce('Cart'),
    'xstate.done.actor.addLine': async (ctx) => ctx.wire.clear('AddToCart'),
    'xstate.error.actor.addLine': async (ctx) => ctx.wire.failOnce('AddToCart'),
    'xstate.done.actor.updateLine': async (ctx) => ctx.wire.clear('UpdateCartLine'),
    'xstate.error.actor.updateLine': async (ctx) => ctx.wire.failOnce('UpdateCartLine'),
    'xstate.done.actor.mergeGuestCart': async (ctx, event, step) => {
      const merged = event.output as CartLine[];
      arrangeAtCall(ctx, 'MergeGuestCart', step, async (request) => {
        const guest = (request.postDataJSON() as { variables: { anonymous_id?: string | null } }).variables.anonymous_id;
        if (guest) return void (await makeCart(ctx, { anonymousId: guest }, merged));
        // The guest's cart was staged (it has no guest id): the staged cart is the one merged.
        ctx.staged('the merge of the staged guest cart (the page has no guest id to merge)');
        return withGuest(request, await runnerGuest(ctx, merged));
      });
    },
    'xstate.error.actor.mergeGuestCart': async (ctx) => ctx.wire.failOnce('MergeGuestCart'),
    'xstate.done.actor.createInvoice': async (ctx, event) => {
      const output = event.output as { ok: boolean; reason?: string };
      if (output.ok) return ctx.wire.clear('CreateCartInvoice');
      ctx.staged(`the invoice refused (${output.reason}): the cart's promo code no longer covers it`);
      ctx.wire.stage('CreateCartInvoice', () => serverRefusal('conflict', output.reason!, 'This promo code does not apply to every product in the cart.'), true);
    },
    'xstate.error.actor.createInvoice': async (ctx) => ctx.wire.failOnce('CreateCartInvoice'),
  }),
  settles: answersTaken(
    ['fetchCart', 'createGuestId', 'addLine', 'updateLine', 'mergeGuestCart', 'createInvoice'].flatMap((actor) => [
      `xstate.done.actor.${actor}`,
      `xstate.error.actor.${actor}`,
    ]),
    {
      // Payment takes over on its own page: the member is there before the next step.
      'xstate.done.actor.createInvoice': async (ctx, event) => {
        if ((event.output as { ok: boolean }).ok) await expect(ctx.page).toHaveURL(/\/gateway\/pay\/\d+$/);
      },
    },
  ),
  delays: memberSteps({
    // Typing paused: the cart sends the quantity.
    'xstate.after.quantityPause.': async (ctx) => ctx.page.clock.fastForward(quantityPause),
  }),
  // Making a guest id takes no time in the browser; every call is held where the model waits on it.
  isPassing: (snapshot) => snapshot.matches('creatingGuestId') || snapshot.matches('starting'),
  screenName: (snapshot) => {
    const { context } = snapshot;
    const parts = [String(snapshot.value), context.panelOpen ? 'open' : 'closed'];
    if (context.panelOpen && selectLines(snapshot as never).length === 0 && !snapshot.matches('failed')) parts.push('empty');
    if (context.panelOpen && context.error) parts.push('error');
    if (context.panelOpen && context.merged.length) parts.push('merged');
    return parts.join('-');
  },
  async expectScreen(ctx, snapshot) {
    await expectCart(ctx, snapshot);
    if (process.env.PATHS_GALLERY && ctx.state.clockStopped) await keepPausedScreen(ctx, snapshot);
  },
};

/** What the page shows in this state of the model: the cart button, the registration dialog, the panel. */
async function expectCart(ctx: PathContext, snapshot: AnyMachineSnapshot) {
  const now = { timeout: 1 };
  const { context } = snapshot;
  const lines = selectLines(snapshot as never);
  const count = selectCount(snapshot as never);
  await expect(cartButton(ctx)).toHaveAccessibleName(count ? `Cart, ${count.toLocaleString('en')} ${count === 1 ? 'item' : 'items'}` : 'Cart', now);
  await expect(registration(ctx)).toHaveCount(registrationOpen(snapshot) ? 1 : 0, now);
  if (!context.panelOpen) {
    await expect(panel(ctx)).toHaveCount(0, now);
    return;
  }
  const open = panel(ctx);
  await expect(open).toBeVisible(now);
  await expect(open.locator('[aria-busy]')).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')), now);
  if (snapshot.matches('failed')) await expect(open.getByRole('button', { name: 'Try again' })).toBeVisible(now);
  else if (lines.length > 0) {
    await expect(open.getByTestId('cart-line').locator('p').first()).toBeVisible(now);
    const names = await open.getByTestId('cart-line').evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent));
    expect(names).toEqual(lines.map((line) => products[line.product.id]!.name));
    for (const line of lines) {
      const field = open.getByRole('textbox', { name: `Quantity of ${products[line.product.id]!.name}` });
      await expect(field).toHaveValue(String(line.qty), now);
      // A quantity over the limit is explained beside its field, not cut.
      const limit = selectQuantityLimit(line.product.id)(snapshot as never);
      if (limit === null) await expect(field).not.toHaveAttribute('aria-invalid', 'true', now);
      else await expect(field).toHaveAccessibleDescription(`At most ${limit} of one product`, now);
    }
    // Every wait shows progress: a call for the cart beside the total, paying on Go to pay.
    const updating = open.getByRole('progressbar', { name: 'Updating the cart' });
    await expect(updating).toHaveCount(snapshot.hasTag('busy') && !snapshot.hasTag('paying') ? 1 : 0, now);
    const pay = open.getByRole('button', { name: 'Go to pay' });
    if (snapshot.hasTag('paying')) await expect(pay).toHaveAttribute('data-loading', 'true', now);
    else if (snapshot.can({ type: 'checkout.start' })) await expect(pay).toBeEnabled(now);
    else await expect(pay).toBeDisabled(now);
  } else if (snapshot.hasTag('busy')) await expect(open.getByLabel('Loading the cart')).toBeVisible(now);
  else await expect(open.getByText('Your cart is empty.')).toBeVisible(now);
  // A call's message goes to the notifier; the panel tells only a refusal that names fields.
  const alert = open.getByRole('alert');
  if (!selectFieldError(snapshot as never)) await expect(alert).toHaveCount(0, now);
  else await expect(alert).not.toBeEmpty(now);
  if (context.error?.reason === 'PromoNotCovering') {
    await expect(
      ctx.page.locator('.mantine-Notification-root').filter({ hasText: 'This promo code does not apply to every product in the cart, so it was removed.' }).first(),
    ).toBeVisible(now);
  }
  const notice = open.getByRole('status');
  if (context.merged.length === 0) await expect(notice).toHaveCount(0, now);
  else {
    const names = context.merged.map((line: CartLine) => products[line.product.id]!.name).join(', ');
    await expect(notice).toHaveText(`Your cart from before you signed in was added: ${names}.`, now);
  }
}
