// The single sign-on session check's model paths: the SSO tenant's member (sso.localhost), signed in through
// the development authorisation server's round trip, on the dashboard. The check works out of sight (a hidden
// frame asks the authorisation server): while the session lives the member sees the signed-in dashboard, and
// when it has ended, the signed-out page. A session that ended is the authorisation server's own sign-out
// (/dev/oauth/logout, with the member's cookie); a frame that does not answer is its request dropped on the
// network, and the frame's 10 s wait is Playwright's clock. The first check runs 1 s after the dashboard opens
// (the clock flows as the page loads): a path that drops it arranges that before the page opens.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ssoCheckInterval, ssoFirstCheck } from '../../domain/timing';
import { demo } from '../e2e/support';
import { e2ePort } from '../../playwright.config';
import { ssoSessionModel } from '../models/sso-session.model';
import type { MachineDriver, PathContext } from './driver';

const ssoOrigin = `http://sso.localhost:${e2ePort}`;
/** How long the page waits for the hidden frame's answer (src/app/sso.ts). */
const frameTimeout = 10_000;

/** The next silent check's request (prompt=none) is dropped: the hidden frame never answers. */
async function dropNextCheck(ctx: PathContext) {
  let dropped = false;
  await ctx.page.route(/\/dev\/oauth\/authorize\?.*prompt=none/, async (route) => {
    if (dropped) return route.fallback();
    dropped = true;
    await route.abort('connectionrefused');
  });
}

const signedIn = async (ctx: PathContext, now: { timeout: number }) => {
  await expect(ctx.page).toHaveURL(`${ssoOrigin}/dashboard`, now);
  await expect(ctx.page.getByRole('banner').getByRole('button', { name: 'Deposit' })).toBeVisible(now);
};

export const ssoSessionDriver: MachineDriver = {
  name: 'sso-session',
  model: ssoSessionModel,
  operations: {},
  async prepare(ctx) {
    const first = ctx.path.path.steps[2]?.event as EventObject | undefined;
    if (first?.type === 'xstate.error.actor.checkSession') await dropNextCheck(ctx);
    // The round trip's first half: the authorisation page, where the member signs in.
    await ctx.page.goto(`${ssoOrigin}/login`);
    await expect(ctx.page.getByRole('heading', { name: 'Sign in to SSO Portal' })).toBeVisible();
    await ctx.page.getByLabel('Email').fill(demo.email);
    await ctx.page.getByLabel('Password').fill(demo.password);
  },
  async open(ctx) {
    await ctx.page.getByRole('button', { name: 'Sign in' }).click();
    await signedIn(ctx, { timeout: 15_000 });
  },
  gestures: {},
  answers: {},
  settles: {
    // The real check answers by itself; a dropped one only after the frame's wait.
    'xstate.done.actor.checkSession': async () => {},
    'xstate.error.actor.checkSession': async (ctx) => ctx.page.clock.fastForward(frameTimeout + 1_000),
  },
  delays: {
    'xstate.after.ssoFirstCheck.': async (ctx) => ctx.page.clock.fastForward(ssoFirstCheck),
    'xstate.after.ssoCheckInterval.': async (ctx) => {
      // The next check finds the authorisation server's session ended when the model says so.
      const steps = ctx.path.path.steps;
      const next = steps[steps.findIndex((step) => step.state === ctx.before) + 2]?.event as { output?: string } | undefined;
      if (next?.output === 'login_required') {
        const ended = await ctx.page.evaluate(() => fetch('/dev/oauth/logout').then((response) => response.ok));
        expect(ended).toBe(true);
      }
      await ctx.page.clock.fastForward(ssoCheckInterval);
    },
  },
  // Waiting for the first check and the check itself happen in a hidden frame, on the dashboard as it was.
  isPassing: (snapshot) => snapshot.matches('starting') || snapshot.matches('checking'),
  noScreen: (snapshot: AnyMachineSnapshot) =>
    snapshot.matches('starting') || snapshot.matches('checking')
      ? 'The check runs in a hidden frame: the member sees the signed-in dashboard as it was.'
      : null,
  screenName: (snapshot) => String(snapshot.value),
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.matches('ended')) {
      await expect(ctx.page).toHaveURL(`${ssoOrigin}/oauthlogin?s=logout`, now);
      await expect(ctx.page.getByRole('status')).toHaveText('You are signed out.', now);
      expect(await ctx.page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
      return;
    }
    await signedIn(ctx, now);
  },
};
