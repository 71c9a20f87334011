// What the two-factor drivers share (activation, deactivation, recovery codes): the security page's dialogs,
// the mailed code as the dev mailbox holds it, and the email-code button's answers as the real server gives
// them. The server mails a new code at most once a minute of its own (real) time, which the page's clock
// cannot move: a path that needs a code sent again sooner gets the server's refusal turned into a success
// (the earlier code stays valid), and says so.
import { expect, type Locator, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { twoFaResendWait } from '../../domain/timing';
import { e2ePort, scaled } from '../../playwright.config';
import { apiRegister, demoOrigin, nextTotpCode, runnerHeaders, startSignedIn } from '../e2e/support';
import { isSettle, planCalls, type PathContext } from './driver';
import { memberCall } from './support';

export const securityDialog = (ctx: PathContext, name: string) => ctx.page.getByRole('dialog', { name });
/** A button of the dialog; the last of that name (the title bar's × is also "Close"). */
export const dialogButton = (dialog: Locator, name: string | RegExp) => dialog.getByRole('button', { name }).last();
export const codeField = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name });

const sendOperation = 'GenerateEmailVerificationCode';

/** When the member's newest two-factor code was mailed (ms since epoch), from the dev mailbox; null: never. */
export async function lastCodeSentAt(ctx: PathContext): Promise<number | null> {
  const response = await ctx.page.request.get(`http://localhost:${e2ePort}/dev/mailbox?to=${encodeURIComponent(ctx.state.email)}`, {
    headers: runnerHeaders,
  });
  const mails = (await response.json()) as { subject: string; text: string; created_at: string }[];
  const code = mails.find((mail) => /two-factor/.test(mail.subject));
  return code ? new Date(code.created_at).getTime() : null;
}

/** The newest two-factor code mailed to the path's member. */
export async function mailedCode(ctx: PathContext): Promise<string> {
  const response = await ctx.page.request.get(`http://localhost:${e2ePort}/dev/mailbox?to=${encodeURIComponent(ctx.state.email)}`, {
    headers: runnerHeaders,
  });
  const mails = (await response.json()) as { subject: string; text: string }[];
  const mail = mails.find((entry) => /two-factor/.test(entry.subject));
  if (!mail) throw new Error(`No two-factor code mailed to ${ctx.state.email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** The member asks for a code through the API (another tab), as the page's button does. */
const sendThroughApi = (ctx: PathContext) =>
  memberCall(ctx, 'mutation { generateEmailVerificationCode(method: "google2fa") { status } }');

/**
 * The server holds the next code back: a code went out moments ago (sent now through the API when the last
 * one is older, after waiting out the minute when it is nearly over, so the wait the server names is long).
 */
async function codeJustSent(ctx: PathContext) {
  const sentAt = await lastCodeSentAt(ctx);
  const age = sentAt === null ? Infinity : Date.now() - sentAt;
  if (age < twoFaResendWait - 20_000) return;
  if (age < twoFaResendWait + 1_000) await sleep(twoFaResendWait + 1_000 - age);
  await sendThroughApi(ctx);
  ctx.state.liveCode = true;
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, Math.max(0, ms)));

/**
 * A live mailed code for the member (one the next check takes): the server mails one a minute, so a code
 * asked for within the minute after the last waits the minute out, in real time.
 */
export async function ensureLiveCode(ctx: PathContext) {
  if (ctx.state.liveCode) return;
  const sentAt = await lastCodeSentAt(ctx);
  if (sentAt !== null) await sleep(sentAt + twoFaResendWait + 1_000 - Date.now());
  await sendThroughApi(ctx);
  ctx.state.liveCode = true;
}

/**
 * The server's answers to the email-code button, as the model's `sendEmailCode` outcome says. A code asked
 * for within the minute after the last: with a live code the member still has, the server's refusal is read
 * as a success (the code the member has stays valid); with none, the minute is waited out (`liveCode` in the
 * path's state says which).
 */
export async function arrangeEmailCode(ctx: PathContext, output: { ok: boolean; error?: { retryAfter?: number } }) {
  if (output.ok) {
    const sentAt = await lastCodeSentAt(ctx);
    if (sentAt !== null && ctx.state.liveCode === false) await sleep(sentAt + twoFaResendWait + 1_000 - Date.now());
    // The server's own answer when it sends; its refusal to send so soon read as a success.
    ctx.wire.stage(
      sendOperation,
      (answer) => {
        if (!answer?.errors) {
          ctx.state.liveCode = true;
          return answer;
        }
        ctx.staged('the code sent (the server mails one a minute of real time, and one went out less than a minute ago: that code stays valid)');
        return { data: { generateEmailVerificationCode: { status: 'success' } } };
      },
      true,
    );
    return;
  }
  await codeJustSent(ctx);
  if (output.error?.retryAfter) return ctx.wire.clear(sendOperation);
  ctx.staged('the server refuses to send so soon without naming the wait (it always names it)');
  ctx.wire.stage(
    sendOperation,
    (answer) => ({
      ...answer,
      errors: answer.errors?.map((error: any) => ({ ...error, extensions: { ...error.extensions, retry_after: undefined } })),
    }),
    true,
  );
}

/** The member's live code used up with wrong tries (another tab): the next check finds none. */
export async function spendLiveCode(ctx: PathContext, tryWrong: () => Promise<any>) {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const answer = await tryWrong();
    if (answer.errors?.[0]?.extensions?.reason === 'CodeExpired') break;
  }
  ctx.state.liveCode = false;
}

export const failEmailCode = (ctx: PathContext) => ctx.wire.failOnce(sendOperation);

/** A GraphQL call as the path's member whose refusal is an answer, not a failure: the whole answer. */
export async function memberAnswer(ctx: PathContext, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await ctx.page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin: demoOrigin, authorization: `Bearer ${ctx.state.token}` },
    data: { query, variables },
  });
  return response.json();
}

/** The index of the step being taken (the one after the model's state before it). */
export const stepIndex = (ctx: PathContext) => (ctx.before ? ctx.path.path.steps.findIndex((step) => step.state === ctx.before) + 1 : 0);

/** The type and output of the path's steps. */
export const pathEvents = (ctx: PathContext) => ctx.path.path.steps.map((step) => step.event as { type: string; output?: any });

/** The email-code button as the region's state shows it. */
export async function expectEmailCodeButton(dialog: Locator, snapshot: AnyMachineSnapshot) {
  const now = { timeout: 1 };
  const state = (snapshot.value as any).open.enteringCodes.emailCode as string;
  if (state === 'sent' || state === 'heldBack') await expect(dialogButton(dialog, /^Send again in \d:\d\d$/)).toBeDisabled(now);
  else if (state === 'sending') await expect(dialogButton(dialog, 'Send the email code')).toHaveAttribute('data-loading', 'true', now);
  else await expect(dialogButton(dialog, 'Send the email code')).toBeEnabled(now);
}

/** What the page shows for the flow's error (the server's wait is its own, not the model's 20 s). */
export function errorText(error: { code: string; reason?: string; fieldCodes?: Record<string, string[]> }): string | RegExp {
  switch (error.reason) {
    case 'TooManyAttempts':
      return /^Too many attempts\. Try again in \d+ s\.$/;
    case 'TwoFaCodeError':
      return 'Incorrect verification code. The code must be 6 characters.';
    case 'TwoFaAlreadyOn':
      return 'Two-factor authentication is already on.';
    case 'TwoFaNotStarted':
      return 'Too many wrong codes. Start the activation again.';
    case 'CodeExpired':
      return 'The code has expired or was used up. Ask for a new one.';
  }
  if (error.fieldCodes?.recovery) return 'Save the recovery codes first: they are shown only now.';
  if (error.code === 'invalidCode') return 'Incorrect verification code. The code must be 6 characters.';
  if (error.code === 'network') return 'Ooops! Something went wrong, please apply to the support chat.';
  throw new Error(`No text known for the error ${JSON.stringify(error)}`);
}

type HeldInOrder = { operation: string; index: number; route?: Route; arrived?: () => void };

const operationOf = (route: Route): string | null => {
  try {
    const body = route.request().postDataJSON() as { operationName?: string; query?: string } | null;
    return body?.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body?.query ?? '')?.[1] ?? null;
  } catch {
    return null;
  }
};

/**
 * Calls held until their own answer step, ahead of the wire (its rules apply once a call is let go): two calls
 * in flight at once (the email code and the activation) are answered in the path's order, not the server's.
 * Each held call is the one its step answers, whatever calls of the same operation are still held on the wire
 * for ever (a call the member walked away from).
 */
export async function installInOrder(ctx: PathContext) {
  const held: HeldInOrder[] = [];
  ctx.state.inOrder = held;
  await ctx.page.route('**/graphql', async (route) => {
    const operation = operationOf(route);
    const slot = held.find((entry) => entry.operation === operation && !entry.route);
    if (!slot) return route.fallback();
    slot.route = route;
    slot.arrived?.();
  });
}

/** Holds the call the answer `event` answers until its step, unless the walk holds it already. */
export function holdInOrder(ctx: PathContext, operations: Record<string, string>, operation: string, event: unknown) {
  const index = ctx.path.path.steps.findIndex((step) => step.event === event);
  const plan = (ctx.state.plan ??= planCalls(ctx.path, operations)) as ReturnType<typeof planCalls>;
  if (index < 0 || plan.releaseAt.has(index)) return;
  // Only where another call's answer comes between the call and its own (the call is answered at once else).
  const events = pathEvents(ctx);
  let trigger = index - 1;
  while (trigger > 0 && isSettle(events[trigger]!.type)) trigger -= 1;
  if (trigger === index - 1) return;
  (ctx.state.inOrder as HeldInOrder[]).push({ operation, index });
}

/** The settles of these actors' answers (done and error), each letting its own held call go on. */
export const settlesInOrder = (actors: string[]) =>
  Object.fromEntries(actors.flatMap((actor) => [`xstate.done.actor.${actor}`, `xstate.error.actor.${actor}`]).map((type) => [type, settleInOrder]));

/**
 * Whether what the member types now leads to a success: the path's next answer of `actor` succeeds (a driver
 * types a live code for it, or a code the server refuses).
 */
export function nextAnswerSucceeds(ctx: PathContext, actor: string): boolean {
  const next = pathEvents(ctx)
    .slice(stepIndex(ctx))
    .find((event) => event.type === `xstate.done.actor.${actor}` || event.type === `xstate.error.actor.${actor}`);
  return next?.type === `xstate.done.actor.${actor}` && next.output?.ok === true;
}

/** The security page's two-factor line and its button, with no dialog open. */
export async function expectTwoFactorStatus(ctx: PathContext, on: boolean) {
  const now = { timeout: 1 };
  await expect(ctx.page.getByTestId('twofa-status')).toHaveText(on ? 'On, with Google Authenticator' : 'Off', now);
  await expect(ctx.page.getByRole('main').getByRole('button', { name: on ? 'Turn off' : 'Turn on' })).toBeEnabled(now);
}

/** Lets the call this answer step answers go on (once the page has sent it). */
export async function settleInOrder(ctx: PathContext) {
  const slot = (ctx.state.inOrder as HeldInOrder[]).find((entry) => entry.index === stepIndex(ctx));
  if (!slot) return;
  if (!slot.route) {
    await Promise.race([
      new Promise<void>((wake) => (slot.arrived = wake)),
      new Promise((_, fail) => setTimeout(() => fail(new Error(`The page never sent ${slot.operation}`)), scaled(10_000))),
    ]);
  }
  await slot.route!.fallback();
}

/**
 * A member of the path's own with two-factor on (registered and turned on through the API, as the e2e suite's
 * members are): signed in on the page, its secret, its recovery codes and the TOTP step it last used.
 */
export async function memberWithTwoFactor(ctx: PathContext) {
  const { email, session } = await apiRegister(ctx.page, 'paths-twofa');
  await startSignedIn(ctx.page, demoOrigin, session);
  Object.assign(ctx.state, { token: session.access_token, email });
  const { generateTwoFaSecret } = await memberCall<{ generateTwoFaSecret: { secret: string } }>(
    ctx,
    'mutation { generateTwoFaSecret(method: "google2fa") { secret } }',
  );
  await sendThroughApi(ctx);
  const { code, step } = await nextTotpCode(generateTwoFaSecret.secret);
  const { activateTwoFa } = await memberCall<{ activateTwoFa: { recovery_codes: string[] } }>(
    ctx,
    'mutation ($email: String!, $code: String!) { activateTwoFa(method: "google2fa", email_verification_code: $email, twofa_verification_code: $code) { recovery_codes } }',
    { email: await mailedCode(ctx), code },
  );
  // The activation spent the mailed code.
  Object.assign(ctx.state, { secret: generateTwoFaSecret.secret, recoveryCodes: activateTwoFa.recovery_codes, lastStep: step, liveCode: false });
}
