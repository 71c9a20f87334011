// The logout's model paths: the demo member, signed in, opens /logout?s=<reason> (as the app sends them there:
// the menu's Log out, or an expired session); for single sign-on the member of the SSO tenant (sso.localhost),
// signed in through its authorisation server as a member is. The server revokes the token itself; a sign-out
// the server refuses (authentication) is a token the server has already revoked, through the API, before the
// page asks. The walk checks where the member lands and that the page holds no session any more.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { demo, signIn } from '../e2e/support';
import { e2ePort } from '../../playwright.config';
import { logoutModel } from '../models/logout.model';
import type { MachineDriver, PathContext } from './driver';

const ssoOrigin = `http://sso.localhost:${e2ePort}`;
type Input = { reason: 'expired' | 'logout'; oauth: boolean };
const inputOf = (ctx: PathContext) => ctx.path.input as Input;
const originOf = (ctx: PathContext) => (inputOf(ctx).oauth ? ssoOrigin : '');

/** Revokes the page's token through the API (as a sign-out in another tab does). */
async function revoke(ctx: PathContext) {
  const response = await ctx.page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { connection: 'close', origin: originOf(ctx) || `http://localhost:${e2ePort}`, host: new URL(originOf(ctx) || `http://localhost:${e2ePort}`).host, authorization: `Bearer ${ctx.state.token}` },
    data: { query: 'mutation { logout { status } }' },
  });
  expect(response.ok()).toBe(true);
}

export const logoutDriver: MachineDriver = {
  name: 'logout',
  model: logoutModel,
  operations: { signOut: 'Logout' },
  async prepare(ctx) {
    if (!inputOf(ctx).oauth) {
      ctx.state.token = (await signIn(ctx.page)).access_token;
      return;
    }
    // The SSO tenant's member signs in through its authorisation server (the round trip a member makes).
    await ctx.page.goto(`${ssoOrigin}/login`);
    await expect(ctx.page.getByRole('heading', { name: 'Sign in to SSO Portal' })).toBeVisible();
    await ctx.page.getByLabel('Email').fill(demo.email);
    await ctx.page.getByLabel('Password').fill(demo.password);
    await ctx.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(ctx.page).toHaveURL(`${ssoOrigin}/dashboard`);
    ctx.state.token = await ctx.page.evaluate(() => localStorage.getItem('auth-token'));
  },
  async open(ctx) {
    await ctx.page.goto(`${originOf(ctx)}/logout?s=${inputOf(ctx).reason}`);
  },
  gestures: {},
  answers: {
    'xstate.done.actor.signOut': async (ctx) => ctx.wire.clear('Logout'),
    'xstate.error.actor.signOut': (ctx) => revoke(ctx),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  // Where the member lands differs by the reason (and single sign-on): one screen each.
  screenName: (snapshot: AnyMachineSnapshot) => {
    const { reason, oauth } = snapshot.context as Input;
    return snapshot.matches('done') ? `done-${oauth && reason === 'logout' ? 'sso' : reason}` : String(snapshot.value);
  },
  async expectScreen(ctx) {
    const now = { timeout: 1 };
    const { reason, oauth } = inputOf(ctx);
    if (oauth && reason === 'logout') {
      await expect(ctx.page).toHaveURL(`${ssoOrigin}/oauthlogin?s=logout`, now);
      await expect(ctx.page.getByRole('status')).toHaveText('You are signed out.', now);
      await expect(ctx.page.getByRole('button', { name: 'Sign in' })).toBeEnabled(now);
    } else {
      await expect(ctx.page).toHaveURL(new RegExp(`/login\\?s=${reason}$`), now);
      await expect(ctx.page.getByRole('heading', { name: 'Log in' })).toBeVisible(now);
      if (reason === 'expired') await expect(ctx.page.getByTestId('session-expired')).toHaveText('Session expired. Please re-login.', now);
      else await expect(ctx.page.getByTestId('session-expired')).toHaveCount(0, now);
    }
    // The session is gone from the page.
    expect(await ctx.page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  },
};
