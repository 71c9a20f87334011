import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { hostSource } from '../../domain/host-source';
import { cents } from '../../domain/money';
import { e2ePort } from '../../playwright.config';

export { scaled } from '../../playwright.config';

export const demo = { email: 'demo@example.com', password: 'Demo12345' };

/**
 * Headers for every call from the test runner to the server: one connection each. Playwright's request contexts
 * keep a connection for the next call past the server's 5 s keep-alive, and a call that goes out as the server
 * closes it fails with ECONNRESET (microsoft/playwright#42698), which a slow test's gaps between calls invite.
 */
export const runnerHeaders = { connection: 'close' };

/** Sends one of the reference server's dev controls (/dev/app-state, /dev/user-settings, /dev/gateway/confirm). */
export async function devControl(request: APIRequestContext, path: `/dev/${string}`, data: Record<string, unknown>) {
  const response = await request.post(path, { data, headers: runnerHeaders });
  expect(response.ok(), `${path} answers ${response.status()}`).toBe(true);
  return response;
}
export const demoOrigin = `http://localhost:${e2ePort}`;
export const acmeOrigin = `http://acme.localhost:${e2ePort}`;

/** Signs in through the login form of the page it is on (for the tests of that form and what follows it). */
export async function logIn(page: Page, { email, password } = demo) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Ids of the main menu's entries, in order. */
export async function menuEntryIds(page: Page): Promise<string[]> {
  const menu = page.getByTestId('main-menu').first();
  await expect(menu).toBeVisible();
  return menu.locator('[data-menu-entry]').evaluateAll((links) => links.map((link) => link.getAttribute('data-menu-entry') ?? ''));
}

export const twofa = { email: 'twofa@example.com', password: 'Demo12345', secret: 'JBSWY3DPEHPK3PXP' };

/** The newest message the dev mailbox holds for an address. */
export async function lastMail(request: APIRequestContext, to: string): Promise<{ subject: string; text: string } | undefined> {
  const response = await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`, { headers: runnerHeaders });
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as { subject: string; text: string }[];
  return messages[0];
}

/** A unique address per test run, so tests never meet each other's members. */
export const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

/** Fills the registration form's first step and sends it. */
export async function fillRegistration(page: Page, { name, email, password = 'Secret123' }: { name: string; email: string; password?: string }) {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  // Leaving the field checks it (a message moves the form down) before the checkbox is clicked.
  await page.getByRole('textbox', { name: 'Password' }).press('Tab');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
}

/** The session a sign-in answers with. */
export type Session = { access_token: string; expires_in: number };

/**
 * A GraphQL call from the test runner as the portal at `origin` calls it: the server takes the tenant from the
 * Origin (and the Host, which Node cannot resolve for *.localhost, so the call goes to localhost with it).
 */
export async function apiCall<T>(page: Page, origin: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin, host: new URL(origin).host },
    data: { query, variables },
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data) throw new Error(`${query.split('(')[0]!.trim()} failed at ${origin}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

const whiteLabelUuids = new Map<string, Promise<string>>();

/** The uuid of the tenant at `origin` (asked once per worker). */
export function whiteLabelUuid(page: Page, origin: string): Promise<string> {
  if (!whiteLabelUuids.has(origin)) {
    const asked = apiCall<{ whiteLabel: { uuid: string } }>(page, origin, 'query ($source: String!) { whiteLabel(source: $source) { uuid } }', {
      source: hostSource(new URL(origin).host, ['.localhost']),
    }).then((answer) => answer.whiteLabel.uuid);
    asked.catch(() => whiteLabelUuids.delete(origin));
    whiteLabelUuids.set(origin, asked);
  }
  return whiteLabelUuids.get(origin)!;
}

/**
 * The page starts signed in with `session` on `origin`: before its first document there, the session goes where
 * the app reads it (src/lib/session.ts, src/lib/storage.ts keys), as a sign-in would have left it. Once per tab:
 * a later sign-out or a cleared storage stays so on the next navigation.
 */
export async function startSignedIn(page: Page, origin: string, { access_token, expires_in }: Session) {
  await page.addInitScript(
    ({ origin, token, expires }) => {
      const marker = `e2e-session-started:${origin}`;
      if (window.location.origin !== origin || window.sessionStorage.getItem(marker)) return;
      window.sessionStorage.setItem(marker, '1');
      window.localStorage.setItem('auth-token', token);
      window.localStorage.setItem('auth-token-expires', String(Date.now() + expires * 1000));
    },
    { origin, token: access_token, expires: expires_in },
  );
}

/** Signs in through the API (the login mutation, from the test runner): the session, the page untouched. */
export async function apiLogIn(page: Page, member: { email: string; password: string } = demo, { origin = demoOrigin, code }: { origin?: string; code?: string } = {}) {
  const { login } = await apiCall<{ login: Session }>(page, origin, 'mutation ($data: LoginInput!) { login(data: $data) { access_token expires_in } }', {
    data: {
      username: member.email,
      password: member.password,
      whitelabel_uuid: await whiteLabelUuid(page, origin),
      ...(code ? { twofa_verification_code: code } : {}),
    },
  });
  return login;
}

/**
 * Signs a member in through the API and has the page start signed in on `origin`, for the tests that are not
 * about signing in: the form's own tests (auth, shell, two-factor and recovery codes, the guest cart's merge,
 * a new password) still go through it. Navigate after this; `code` is a two-factor code.
 */
export async function signIn(page: Page, member: { email: string; password: string } = demo, options: { origin?: string; code?: string } = {}) {
  const session = await apiLogIn(page, member, options);
  await startSignedIn(page, options.origin ?? demoOrigin, session);
  return session;
}

/**
 * Registers and verifies a member of the test's own through the API, with the code from the mailbox (the demo
 * members stay as they are for other tests): its address and first session. The registration form has its own
 * tests (auth.spec.ts, the store's dialog in shop.spec.ts).
 */
export async function apiRegister(page: Page, prefix: string, { name = 'Account Tester', password = 'Secret123', sponsor }: { name?: string; password?: string; sponsor?: string } = {}) {
  const email = freshEmail(prefix);
  const uuid = await whiteLabelUuid(page, demoOrigin);
  await apiCall(
    page,
    demoOrigin,
    `mutation ($name: String!, $email: String!, $password: String!, $uuid: ID!, $sponsor: String) {
      createUser(name: $name, email: $email, password: $password, lang: "en", whitelabel_uuid: $uuid, source: "localhost", sponsor: $sponsor) { id }
    }`,
    { name, email, password, uuid, sponsor: sponsor ?? null },
  );
  await expect.poll(async () => (await lastMail(page.request, email))?.text, { message: `a code mailed to ${email}` }).toMatch(/\b\d{6}\b/);
  const code = /\b(\d{6})\b/.exec((await lastMail(page.request, email))!.text)![1]!;
  const { verifyEmail } = await apiCall<{ verifyEmail: Session | null }>(
    page,
    demoOrigin,
    'mutation ($uuid: ID, $email: String!, $code: String) { verifyEmail(whitelabel_uuid: $uuid, email: $email, code: $code) { access_token expires_in } }',
    { uuid, email, code },
  );
  expect(verifyEmail, `the code mailed to ${email} verifies it`).not.toBeNull();
  return { email, password, session: verifyEmail! };
}

/** Registers a member of the test's own through the API and has the page start signed in as it: navigate after this. */
export async function registerMember(page: Page, prefix: string, name = 'Account Tester') {
  const { email, session } = await apiRegister(page, prefix, { name });
  await startSignedIn(page, demoOrigin, session);
  return email;
}

/**
 * TOTP codes as an authenticator app shows them. The server takes each 30 s step once, and only a step later
 * than the last it took, within ±1 step of its clock (which a test cannot fake).
 */
const totpStepSeconds = 30;
export const currentTotpStep = () => Math.floor(Date.now() / 1000 / totpStepSeconds);
export const totpCode = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * totpStepSeconds * 1000 });

/**
 * A code the server takes now, when it last took `lastStep` (or none): the current step's, or the one after it
 * when the current one was taken (the server takes one step ahead). Computed as it is used, so a slow test never
 * holds a code that has run out; waits only when even the next step was taken.
 */
export async function nextTotpCode(secret: string, lastStep?: number): Promise<{ code: string; step: number }> {
  const wanted = () => Math.max(currentTotpStep(), (lastStep ?? -Infinity) + 1);
  await expect.poll(() => wanted() - currentTotpStep(), { timeout: 2 * totpStepSeconds * 1000, intervals: [250] }).toBeLessThanOrEqual(1);
  const step = wanted();
  return { code: totpCode(secret, step), step };
}

const pageAnswersScript = /<script type="application\/json" id="page-answers">[\s\S]*?<\/script>/;

/**
 * The API unreachable: /graphql fails with `reason`, and the page comes without the tenant's settings answered
 * in it, as the reference server serves it when its own run of them fails (server/page.ts).
 */
export async function apiUnreachable(page: Page, reason: 'connectionrefused' | 'internetdisconnected' = 'connectionrefused') {
  await page.route('**/graphql', (route) => route.abort(reason));
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(pageAnswersScript, '') });
  });
}

/** The API answers again (see apiUnreachable). */
export async function apiBack(page: Page) {
  await page.unroute('**/graphql');
  await page.unroute('**/*');
}

/**
 * Waits, for at most 5 s, until three frames in a row have passed with no finite animation or transition running:
 * a dialog is visible to Playwright while it still fades in, and axe reads its half-transparent text as too
 * little contrast. Endless animations (the loading bar, a blinking banner) do not count.
 */
export async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const running = () =>
      document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    const deadline = performance.now() + 5_000;
    for (let quietFrames = 0; quietFrames < 3 && performance.now() < deadline; ) {
      await frame();
      quietFrames = running() ? 0 : quietFrames + 1;
    }
  });
}

/**
 * What axe finds on the page once its transitions have ended, a line per rule with the elements it names.
 * By default the WCAG 2 A and AA rules over the whole page; `seriousOnly` keeps serious and critical ones.
 */
export async function axeViolations(
  page: Page,
  { include, tags = ['wcag2a', 'wcag2aa'], seriousOnly = false }: { include?: string; tags?: string[] | 'all'; seriousOnly?: boolean } = {},
): Promise<string[]> {
  await transitionsEnded(page);
  let builder = new AxeBuilder({ page });
  if (tags !== 'all') builder = builder.withTags(tags);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => !seriousOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A GraphQL call from the test runner as a member (their token), on the Demo Portal. */
export async function memberApi<T>(page: Page, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin: demoOrigin, authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data || answer.errors) throw new Error(`${query.slice(0, 60)} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** What a member has available in one currency, to the cent ("0.00" without a wallet of it). */
export async function availableIn(page: Page, token: string, currency: string): Promise<string> {
  const { me } = await memberApi<{ me: { wallet_balance: { currency: string; available: string }[] } }>(page, token, '{ me { wallet_balance { currency available } } }');
  return cents(me.wallet_balance.find((wallet) => wallet.currency === currency)?.available ?? '0');
}
