// What the drivers share: the path's member (signed in through the API, as the e2e suite does), calls to the
// server as that member, an order made into an invoice, the tab hidden and shown, an answer staged from the
// server's own.
import type { Page, Route } from '@playwright/test';
import {
  apiLogIn,
  apiRegister,
  currentTotpStep,
  demoOrigin,
  nextTotpCode,
  runnerHeaders,
  signIn,
  startSignedIn,
  twofa,
  whiteLabelUuid,
  type Session,
} from '../e2e/support';
import { e2ePort } from '../../playwright.config';
import { operationOf, type PathContext } from './driver';

/** Signs the path's member in: the demo member (balance in USDT), or a new member whose balance is empty. */
export async function signInFor(ctx: PathContext, member: 'demo' | 'empty') {
  if (member === 'demo') {
    ctx.state.token = (await signIn(ctx.page)).access_token;
    return;
  }
  const { session } = await apiRegister(ctx.page, 'paths');
  await startSignedIn(ctx.page, demoOrigin, session);
  ctx.state.token = session.access_token;
  ctx.state.session = session;
}

/** A GraphQL call from the test runner as the path's member. */
export async function memberCall<T>(ctx: PathContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await ctx.page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin: demoOrigin, authorization: `Bearer ${ctx.state.token}` },
    data: { query, variables },
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data || answer.errors) throw new Error(`${query.slice(0, 60)} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** The member's cart emptied on the server (a path starts from no lines, whatever an earlier path left). */
export async function clearCart(ctx: PathContext) {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleProductsShopingCart: cart } = await memberCall<{
    moduleProductsShopingCart: { id: string; lines: { product: { id: string } }[] } | null;
  }>(ctx, 'query ($uuid: ID!) { moduleProductsShopingCart(whitelabel_uuid: $uuid) { id lines { product { id } } } }', { uuid });
  for (const line of cart?.lines ?? []) {
    await memberCall(
      ctx,
      'mutation ($uuid: ID!, $order: ID!, $product: ID!) { moduleProductsRemoveFromShoppingCart(whitelabel_uuid: $uuid, order_id: $order, product_id: $product, input: { qty: 0 }) { status } }',
      { uuid, order: cart!.id, product: line.product.id },
    );
  }
}

/** The member's cart with one of the demo shop's products, made into an invoice: its id and tag. */
export async function placeOrder(ctx: PathContext, productName: string): Promise<{ id: string; tag: string }> {
  await clearCart(ctx);
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleProducts } = await memberCall<{ moduleProducts: { id: string; name: string }[] }>(
    ctx,
    'query ($uuid: ID!) { moduleProducts(whitelabel_uuid: $uuid) { id name } }',
    { uuid },
  );
  const product = moduleProducts.find((entry) => entry.name === productName);
  if (!product) throw new Error(`No product "${productName}" in the demo shop`);
  await memberCall(
    ctx,
    'mutation ($uuid: ID!, $product: ID!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $uuid, product_id: $product, input: { qty: 1, billing_cycle: "onetime" }) { status } }',
    { uuid, product: product.id },
  );
  const { moduleProductsShopingCart: cart } = await memberCall<{ moduleProductsShopingCart: { id: string } }>(
    ctx,
    'query ($uuid: ID!) { moduleProductsShopingCart(whitelabel_uuid: $uuid) { id } }',
    { uuid },
  );
  const { moduleProductsCreateInvoice } = await memberCall<{ moduleProductsCreateInvoice: { id: string; tag: string }[] }>(
    ctx,
    'mutation ($order: ID!, $key: String) { moduleProductsCreateInvoice(order_id: $order, idempotency_key: $key) { id tag } }',
    { order: cart.id, key: `paths-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  );
  return moduleProductsCreateInvoice[0]!;
}

/** The tab hidden or shown, as the browser tells the page when the member switches tabs. */
async function setTabVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}
export const hideTab = (page: Page) => setTabVisibility(page, 'hidden');
export const showTab = (page: Page) => setTabVisibility(page, 'visible');

/** Answers of a query that carries an invoice: the server's own invoice, changed by `change`. */
export function stageChange(ctx: PathContext, operation: string, change: (invoice: any) => any) {
  ctx.wire.stage(operation, (answer) =>
    answer?.data?.invoice ? { ...answer, data: { ...answer.data, invoice: change(answer.data.invoice) } } : answer,
  );
}

/**
 * The next call of `operation` answered with `answer` (in the server's own form: serverRefusal, or the server's
 * own answer to another call) without reaching the server: for a refusal that would spend a slot of the server's
 * limits per address (sign-in failures, registrations, mails), which the paths of one run would use up, or one
 * the server cannot be brought to give at that step, where letting the call through would change what it holds.
 */
export async function answerUnsent(ctx: PathContext, operation: string, answer: unknown) {
  const handler = async (route: Route) => {
    if (operationOf(route) !== operation) return route.fallback();
    await ctx.page.unroute('**/graphql', handler);
    await route.fulfill({ json: answer });
  };
  await ctx.page.route('**/graphql', handler);
}

// The two-factor demo member (the wallet drivers: a withdrawal needs two-factor).

/**
 * Codes of the two-factor demo member's authenticator (twofa@example.com), each 30 s step once and later than
 * the last one spent in this run (the server takes a step only after the last it took), so the paths that run
 * one after another never offer a spent step. The first starts a step ahead, past one another test may have spent.
 */
let twofaLastStep: number | undefined;
export async function twofaCode(): Promise<string> {
  const { code, step } = await nextTotpCode(twofa.secret, twofaLastStep ?? currentTotpStep());
  twofaLastStep = step;
  return code;
}

/** Signs the two-factor demo member in: one sign-in per run (each takes a code), its session kept for each path. */
let twofaSession: Session | null = null;
export async function signInTwoFactor(ctx: PathContext) {
  twofaSession ??= await apiLogIn(ctx.page, twofa, { code: await twofaCode() });
  await startSignedIn(ctx.page, demoOrigin, twofaSession);
  ctx.state.token = twofaSession.access_token;
  ctx.state.email = twofa.email;
}

/** One of the member's courses (by name), its lectures in order, as the server has them (the learning drivers). */
export async function memberCourse(ctx: PathContext, name: string) {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleLmsMyCourses } = await memberCall<{ moduleLmsMyCourses: { id: string; name: string }[] }>(
    ctx,
    'query ($uuid: ID!) { moduleLmsMyCourses(whitelabel_uuid: $uuid) { id name } }',
    { uuid },
  );
  const id = moduleLmsMyCourses.find((course) => course.name === name)!.id;
  const { moduleLmsCourse, moduleLmsCourseLectures } = await memberCall<{
    moduleLmsCourse: { uuid: string };
    moduleLmsCourseLectures: { id: string; name: string }[];
  }>(
    ctx,
    'query ($uuid: ID!, $id: ID!) { moduleLmsCourse(whitelabel_uuid: $uuid, course_id: $id) { uuid } moduleLmsCourseLectures(whitelabel_uuid: $uuid, course_id: $id) { id name } }',
    { uuid, id },
  );
  return { uuid, id, courseUuid: moduleLmsCourse.uuid, lectures: moduleLmsCourseLectures };
}

/** Every lecture of the course completed or not, and the lecture's position at its start. */
export async function setCourseProgress(ctx: PathContext, course: MemberCourse, completed: boolean) {
  for (const lecture of course.lectures) {
    await memberCall(
      ctx,
      'mutation ($uuid: ID!, $course: ID!, $lecture: ID!, $remove: Boolean) { moduleLmsCourseUpdateStats(whitelabel_uuid: $uuid, course_uuid: $course, lecture_id: $lecture, minutes_viewed: 0, remove: $remove) { status } }',
      { uuid: course.uuid, course: course.courseUuid, lecture: lecture.id, remove: !completed },
    );
    await memberCall(
      ctx,
      'mutation ($uuid: ID!, $course: ID!, $lecture: ID!) { moduleLmsCourseSavePosition(whitelabel_uuid: $uuid, course_uuid: $course, lecture_id: $lecture, seconds: 0) { status } }',
      { uuid: course.uuid, course: course.courseUuid, lecture: lecture.id },
    );
  }
}

export type MemberCourse = Awaited<ReturnType<typeof memberCourse>>;

/**
 * The notifier's toast that says `text` (calls §8 "Messages appear in a notifier"), or any toast when no text
 * is known: a flow's failed call is said there, not on the page. Toasts stay 8 s, so a later state may still
 * see one: check for a toast where the flow says one shows, never for its absence.
 */
export const notice = (ctx: PathContext, text?: string | RegExp) =>
  ctx.page.locator('.mantine-Notification-root', text === undefined ? {} : { hasText: text });

/**
 * The signed-in path member made a tariff holder with money, through the API as a member would: a deposit of
 * `deposit` USDT paid by bank transfer (the provider's confirmation), then `tariff` bought monthly from the balance.
 */
export async function fundWithTariff(ctx: PathContext, tariff: string, deposit: string) {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { depositFunds } = await memberCall<{ depositFunds: { id: string } }>(
    ctx,
    'mutation ($amount: Decimal!) { depositFunds(amount: $amount, currency: "USDT") { id } }',
    { amount: deposit },
  );
  await memberCall(ctx, 'mutation ($uuid: ID!, $id: ID!) { setInvoiceGateway(whitelabel_uuid: $uuid, invoice_id: $id, gateway: "bank_transfer") { id } }', {
    uuid,
    id: depositFunds.id,
  });
  const confirmed = await ctx.request.post('/dev/gateway/confirm', { data: { invoice_id: depositFunds.id }, headers: { connection: 'close' } });
  if (!confirmed.ok()) throw new Error(`/dev/gateway/confirm answers ${confirmed.status()}`);
  const { moduleProductsTariffs } = await memberCall<{ moduleProductsTariffs: { product: { id: string; name: string } }[] }>(
    ctx,
    'query ($uuid: ID!) { moduleProductsTariffs(whitelabel_uuid: $uuid) { product { id name } } }',
    { uuid },
  );
  const product = moduleProductsTariffs.find((entry) => entry.product.name === tariff)!.product;
  const { moduleProductsTariffsCheckout: checkout } = await memberCall<{ moduleProductsTariffsCheckout: { invoice_id: string } }>(
    ctx,
    'mutation ($uuid: ID!, $product: ID!) { moduleProductsTariffsCheckout(whitelabel_uuid: $uuid, product_id: $product, billing_cycle: "monthly") { invoice_id } }',
    { uuid, product: product.id },
  );
  await memberCall(ctx, 'mutation ($id: ID!) { payFromBalance(invoice_id: $id) { status } }', { id: checkout.invoice_id });
}
