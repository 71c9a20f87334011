// The old-browser check's model paths on the sign-in page (the check runs on every page). The browser the page
// reads is set before the page loads, by an init script (never a change to the app): an old one is Chrome 80's
// user agent, a recent one is this Chromium's own, and a check that fails is a browser whose user agent cannot
// be read (a privacy guard that throws on it). "Never again chosen before" is the member's earlier choice in
// the page's storage (hideOldBrowser), as an earlier visit leaves it. Close and Do not show again are the
// member's clicks in the dialog.
import { expect } from '@playwright/test';
import type { EventObject } from 'xstate';
import { oldBrowserModel } from '../models/old-browser.model';
import type { MachineDriver, PathContext } from './driver';

const chrome80 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.149 Safari/537.36';
const dialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Your browser is outdated' });
const neverAgainStored = (ctx: PathContext) => ctx.page.evaluate(() => localStorage.getItem('hideOldBrowser'));

export const oldBrowserDriver: MachineDriver = {
  name: 'old-browser',
  model: oldBrowserModel,
  operations: {},
  async prepare(ctx) {
    // The check runs as the page starts: the browser it reads is set before, from the path's answer.
    const answer = ctx.path.path.steps[1]!.event as EventObject & { output?: boolean };
    if (answer.type === 'xstate.error.actor.checkBrowser') {
      await ctx.page.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'userAgent', {
          configurable: true,
          get: () => {
            throw new Error('The user agent is not readable here');
          },
        }),
      );
    } else if (answer.output === true) {
      await ctx.page.addInitScript((agent) => Object.defineProperty(Navigator.prototype, 'userAgent', { configurable: true, get: () => agent }), chrome80);
      ctx.state.agent = 'old';
    }
    if ((ctx.path.input as { neverAgain: boolean }).neverAgain) await ctx.page.addInitScript(() => localStorage.setItem('hideOldBrowser', 'true'));
  },
  async open(ctx) {
    await ctx.page.goto('/login');
    await expect(ctx.page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  },
  gestures: {
    'dialog.close': (ctx) => dialog(ctx).getByRole('button', { name: 'Close' }).last().click(),
    'dialog.neverAgain': (ctx) => dialog(ctx).getByRole('button', { name: 'Do not show again' }).click(),
  },
  answers: {},
  // The check reads the browser set before the page loaded; the flow takes its answer by itself.
  settles: {
    'xstate.done.actor.checkBrowser': async () => {},
    'xstate.error.actor.checkBrowser': async () => {},
  },
  delays: {},
  isPassing: (snapshot) => snapshot.matches('checking'),
  screenName: (snapshot) => (snapshot.matches('warning') ? 'warning' : 'dismissed'),
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.matches('warning')) {
      await expect(dialog(ctx)).toContainText(
        'Some parts of the portal may not work. Please update to Safari 14.1, Chrome 84, Edge 84, Opera 70 or newer.',
        now,
      );
      await expect(dialog(ctx).getByRole('button', { name: 'Do not show again' })).toBeEnabled(now);
      await expect(dialog(ctx).getByRole('button', { name: 'Close' }).last()).toBeEnabled(now);
      return;
    }
    await expect(dialog(ctx)).toHaveCount(0, now);
    await expect(ctx.page.getByRole('heading', { name: 'Log in' })).toBeVisible(now);
    // Do not show again is kept for the next visits; a plain close is not.
    const last = ctx.path.path.steps.at(-1)!.event as EventObject;
    const remembered = (ctx.path.input as { neverAgain: boolean }).neverAgain || last.type === 'dialog.neverAgain';
    expect(await neverAgainStored(ctx)).toBe(remembered ? 'true' : null);
  },
};
