// The app state's model paths on the sign-in page (every page runs the flow; /login needs no member and has a
// form that tells the flow the member is busy). The poll's answers are the server's own, set through
// /dev/app-state before the call goes out; a failed poll is a dropped connection. The page watcher's events
// come from what a member does: the tab hidden and shown, the email typed or cleared (busy, idle), Register
// followed while its page's code is still on its way (a route loading: the code is held on the wire, and the
// sign-in page stays until it comes) and the browser's Back (the navigation ends, on the sign-in page again).
// A page part that fails to load is the code of "Forgot your password?" refused by the network. A page load
// (the member's reload or sign-out, or the router's own reload after a failed chunk) is recorded and dropped on
// the wire, so the page the member sees as it begins stays on screen, the new-version dialog's Reload busy. The maintenance and new-version
// dialogs cover the page and cannot be closed: a step the model takes behind one (typing, following a link)
// stops the path, except where it changes nothing the flow would ever read again.
import { expect, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { appStatePoll, chunkLoadTimeout } from '../../domain/timing';
import { devControl } from '../e2e/support';
import { appStateModel } from '../models/app-state.model';
import { NotOnPage, type MachineDriver, type PathContext } from './driver';
import { hideTab, showTab } from './support';

const maintenanceText = 'The platform is being updated. This normally takes at most 10 minutes; the page goes on by itself.';
const newVersionText = 'A new version of the portal is available. Reload to use it.';
const noticeText = 'A new version is available. Finish what you are doing first: reloading now would lose what you typed.';
const typed = 'half-typed@example.com';

const emailField = (ctx: PathContext) => ctx.page.getByRole('textbox', { name: 'Email' });
const maintenanceDialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Maintenance' });
const newVersionDialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'New version available' });
const notice = (ctx: PathContext) => ctx.page.getByTestId('new-version-notice');

/** A dialog the member cannot close covers the page (in the state before the step). */
const covered = (snapshot: AnyMachineSnapshot) =>
  snapshot.hasTag('maintenance') || snapshot.hasTag('newVersionDialog') || snapshot.matches({ release: { outdated: 'reloading' } });

/** The model's state after the step being taken. */
function after(ctx: PathContext): AnyMachineSnapshot {
  const steps = ctx.path.path.steps;
  return steps[steps.findIndex((step) => step.state === ctx.before) + 1]!.state as AnyMachineSnapshot;
}

/**
 * Behind a dialog that cannot be closed the member can neither type nor follow a link. A step that changes
 * nothing the flow will read again (the model stays where it is, and once the new-version dialog is up
 * whether the member is busy no longer matters) is nothing on the page; any other stops the path.
 */
function reachable(ctx: PathContext, what: string): boolean {
  const before = ctx.before!;
  if (!covered(before)) return true;
  const next = after(ctx);
  const sameValue = JSON.stringify(before.value) === JSON.stringify(next.value);
  const sameContext = JSON.stringify(before.context) === JSON.stringify(next.context);
  const busyIsRead = !before.matches({ release: { outdated: 'prompting' } }) && !before.matches({ release: { outdated: 'reloading' } });
  if (sameValue && (sameContext || !busyIsRead)) return false;
  const dialog = before.hasTag('maintenance') ? 'maintenance' : 'new-version';
  throw new NotOnPage(`The ${dialog} dialog covers the page and cannot be closed: the member cannot ${what} behind it.`);
}

/** The index of the step being taken (0: the page opens). */
const stepIndex = (ctx: PathContext) => (ctx.before ? ctx.path.path.steps.findIndex((step) => step.state === ctx.before) + 1 : 0);

const isAnswer = (type: string) => type === 'xstate.done.actor.fetchAppState' || type === 'xstate.error.actor.fetchAppState';

/**
 * The poll this step starts, arranged before it: the server set to the answer the model gets (a failed one
 * dropped on the wire), and held until its step when the member does something first. A poll the model
 * leaves unanswered (the tab hidden while it is out) goes through: the server still answers what it last
 * did, so the page shows nothing new. (The shared walk's holds release the oldest held call first, which
 * for a poll is one the flow no longer waits for; so this flow arranges its own.)
 */
async function arrangePoll(ctx: PathContext) {
  const steps = ctx.path.path.steps;
  const at = stepIndex(ctx);
  const fetching = (index: number) => (steps[index]!.state as AnyMachineSnapshot).matches({ polling: 'fetching' });
  if (!fetching(at) || (at > 0 && fetching(at - 1) && !isAnswer((steps[at]!.event as { type: string }).type))) return;
  let end = at + 1;
  while (end < steps.length && fetching(end) && !isAnswer((steps[end]!.event as { type: string }).type)) end += 1;
  const answer = steps[end]?.event as { type: string; output?: Record<string, unknown> } | undefined;
  if (!answer || !isAnswer(answer.type)) return;
  if (answer.type === 'xstate.error.actor.fetchAppState') ctx.wire.failOnce('AppState');
  else {
    ctx.wire.clear('AppState');
    await devControl(ctx.request, '/dev/app-state', answer.output!);
  }
  if (end > at + 1) {
    ctx.wire.hold('AppState');
    (ctx.state.releaseAt as Set<number>).add(end);
  }
}

async function releasePoll(ctx: PathContext) {
  if ((ctx.state.releaseAt as Set<number>).has(stepIndex(ctx))) await ctx.wire.release('AppState');
}

/** Each member step and timer first arranges the poll it starts. */
function withPoll<T extends (ctx: PathContext, event: any) => Promise<void>>(steps: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(steps).map(([type, step]) => [
      type,
      (async (ctx: PathContext, event: any) => {
        await arrangePoll(ctx);
        await step(ctx, event);
      }) as T,
    ]),
  );
}

const fakeNow = (ctx: PathContext) => ctx.page.evaluate(() => Date.now());

async function typeEmail(ctx: PathContext, value: string) {
  if (!reachable(ctx, value ? 'type into the sign-in form' : 'clear the sign-in form')) return;
  await emailField(ctx).fill(value);
  ctx.state.busy = value !== '';
}

export const appStateDriver: MachineDriver = {
  name: 'app-state',
  model: appStateModel,
  operations: {},
  async prepare(ctx) {
    // The server as the model starts it: live, version 1.0.0 (an earlier path may have left it otherwise).
    await devControl(ctx.request, '/dev/app-state', { status: 'live', version: '1.0.0', logout_needed: false });
    ctx.state.documents = [] as string[];
    ctx.state.releaseAt = new Set<number>();
    // Once the page is open, a page load (a reload, the sign-out) is recorded and dropped: the page on screen stays.
    await ctx.page.route(/^http:\/\/localhost:\d+\/(?!assets\/|graphql|dev\/)/, async (route: Route) => {
      if (!ctx.state.opened || route.request().resourceType() !== 'document') return route.fallback();
      const url = new URL(route.request().url());
      ctx.state.documents.push(url.pathname + url.search);
      // Dropped: the browser keeps the page on screen as it was when the load began.
      await route.abort('aborted');
    });
    // Register's page code: held while the path follows the link (a route loading), never let go.
    ctx.state.heldCode = [] as Route[];
    await ctx.page.route(/\/assets\/register[^/]*\.js$/, (route) => ctx.state.heldCode.push(route));
    // The code of "Forgot your password?" fails to load once the path says a page part failed.
    await ctx.page.route(/\/assets\/resetpassword[^/]*\.js$/, (route) => (ctx.state.chunkFails ? route.abort('failed') : route.fallback()));
  },
  async open(ctx) {
    await arrangePoll(ctx);
    // The flow starts after the first paint: its first question to the server says it runs.
    const asked = ctx.page.waitForRequest((request) => /query AppState\b/.test(request.postData() ?? ''));
    await ctx.page.goto('/login');
    await expect(emailField(ctx)).toBeVisible();
    await asked;
    ctx.state.opened = true;
    ctx.state.busy = false;
  },
  gestures: withPoll({
    'page.hidden': (ctx) => hideTab(ctx.page),
    'page.visible': (ctx) => showTab(ctx.page),
    'activity.busy': (ctx) => (ctx.state.busy ? Promise.resolve() : typeEmail(ctx, typed)),
    'activity.idle': (ctx) => (ctx.state.busy ? typeEmail(ctx, '') : Promise.resolve()),
    'navigation.started': async (ctx) => {
      if (ctx.before!.matches({ release: { current: 'loadingRoute' } })) return;
      if (!reachable(ctx, 'follow a link')) return;
      await ctx.page.getByRole('link', { name: 'Register' }).click();
      await expect(ctx.page).toHaveURL(/\/register$/);
      ctx.state.loadingSince = await fakeNow(ctx);
    },
    'navigation.finished': async (ctx) => {
      if (!ctx.before!.matches({ release: { current: 'loadingRoute' } })) return;
      // The browser's Back (no dialog covers the browser's own button): the router goes back to the
      // sign-in page, which never left the screen.
      await ctx.page.goBack({ waitUntil: 'commit' });
      await expect(ctx.page).toHaveURL(/\/login$/);
    },
    'chunk.failed': async (ctx) => {
      if (!ctx.before!.matches({ release: 'current' })) return;
      if (!reachable(ctx, 'follow a link')) return;
      // The pointer on the link starts loading its page's code, which the network refuses (the member does
      // not follow it: the sign-in page and its form stay).
      ctx.state.chunkFails = true;
      await ctx.page.getByRole('link', { name: 'Forgot your password?' }).hover();
    },
    'reload.confirm': async (ctx) => {
      if (ctx.before!.hasTag('maintenance') && !ctx.before!.hasTag('newVersionDialog')) {
        throw new NotOnPage('The maintenance dialog covers the page and cannot be closed: the member cannot press Reload now in the notice behind it.');
      }
      ctx.state.reloadFrom = ctx.state.documents.length;
      ctx.state.reloadTo = ctx.before!.context.latest?.logout_needed ? '/logout?s=logout' : new URL(ctx.page.url()).pathname;
      const button = ctx.before!.hasTag('newVersionDialog')
        ? newVersionDialog(ctx).getByRole('button', { name: 'Reload' })
        : notice(ctx).getByRole('button', { name: 'Reload now' });
      // The page it goes to is dropped on the wire: the click does not wait for it.
      await button.click({ noWaitAfter: true });
    },
  }),
  answers: {},
  settles: {
    // Arranged when the poll went out; the page takes the answer by itself, or as it is let go now.
    'xstate.done.actor.fetchAppState': (ctx) => releasePoll(ctx),
    'xstate.error.actor.fetchAppState': (ctx) => releasePoll(ctx),
  },
  delays: withPoll({
    'xstate.after.appStatePoll.': async (ctx) => {
      if (ctx.before!.matches({ release: { current: 'loadingRoute' } })) {
        const loading = (await fakeNow(ctx)) - ctx.state.loadingSince;
        if (loading + appStatePoll >= chunkLoadTimeout) {
          throw new NotOnPage('The route has been loading so long that the 120 s timeout comes before the next 30 s poll.');
        }
      }
      await ctx.page.clock.fastForward(appStatePoll);
    },
    'xstate.after.chunkLoadTimeout.': async (ctx) => {
      const loading = (await fakeNow(ctx)) - ctx.state.loadingSince;
      await ctx.page.clock.fastForward(Math.max(chunkLoadTimeout - loading, 0) + 100);
    },
  }),
  isPassing: () => false,
  screenName: (snapshot) =>
    snapshot.matches({ release: { outdated: 'reloading' } })
      ? 'reloading'
      : snapshot.hasTag('newVersionDialog')
        ? snapshot.hasTag('maintenance')
          ? 'maintenance+new-version'
          : 'new-version'
        : snapshot.hasTag('maintenance')
          ? 'maintenance'
          : snapshot.hasTag('newVersionNotice')
            ? 'new-version-notice'
            : snapshot.context.busy
              ? 'live-typing'
              : 'live',
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.hasTag('maintenance')) {
      await expect(maintenanceDialog(ctx)).toContainText(maintenanceText, now);
      // It cannot be closed: nothing to press.
      await expect(maintenanceDialog(ctx).getByRole('button')).toHaveCount(0, now);
    } else await expect(maintenanceDialog(ctx)).toHaveCount(0, now);
    const reloading = snapshot.matches({ release: { outdated: 'reloading' } });
    if (snapshot.hasTag('newVersionDialog') || reloading) {
      await expect(newVersionDialog(ctx)).toContainText(newVersionText, now);
      await expect(newVersionDialog(ctx).getByRole('button')).toHaveCount(1, now);
      const reload = newVersionDialog(ctx).getByRole('button', { name: 'Reload' });
      if (reloading) {
        // The page is on its way (dropped on the wire): the Reload busy, the page asked for where it goes.
        await expect(reload).toHaveAttribute('data-loading', 'true', now);
        expect(ctx.state.documents.slice(ctx.state.reloadFrom)).toContain(ctx.state.reloadTo);
      } else await expect(reload).toBeEnabled(now);
    } else await expect(newVersionDialog(ctx)).toHaveCount(0, now);
    if (snapshot.hasTag('newVersionNotice')) {
      await expect(notice(ctx)).toHaveAttribute('role', 'status', now);
      await expect(notice(ctx)).toContainText(noticeText, now);
      await expect(notice(ctx).getByRole('button', { name: 'Reload now' })).toBeEnabled(now);
    } else await expect(notice(ctx)).toHaveCount(0, now);
    // The form keeps what the member typed (busy) or is empty (idle), while the page is still the sign-in page.
    if (snapshot.matches({ release: 'current' }) || snapshot.hasTag('newVersionNotice')) {
      await expect(emailField(ctx)).toHaveValue(snapshot.context.busy ? typed : '', now);
    }
  },
};
