// The single sign-on login's model paths on the SSO tenant (sso.localhost), against the reference server's
// development authorisation server (/dev/oauth). "Back with a code" is the real round trip: the member opens
// /oauthlogin, signs in on the authorisation page, and comes back with its code. A code the server refuses is
// that code spent before the page exchanges it (through the API, as a second tab would); a failed exchange is
// a dropped connection. A foreign state is a return this tab never sent; an error is the authorisation page's
// own answer (?error=access_denied); signed out is /oauthlogin?s=logout, where the app sends the member.
import { expect, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { demo, whiteLabelUuid } from '../e2e/support';
import { e2ePort } from '../../playwright.config';
import { oauthLoginModel } from '../models/oauth-login.model';
import type { MachineDriver, PathContext } from './driver';

const ssoOrigin = `http://sso.localhost:${e2ePort}`;
const foreignState = '0123456789abcdef0123456789abcdef';
type Input = { code: string | null; stateMatches: boolean; failedUpstream: boolean; signedOut: boolean };
const inputOf = (ctx: PathContext) => ctx.path.input as Input;
const authorizationHeading = (ctx: PathContext) => ctx.page.getByRole('heading', { name: 'Sign in to SSO Portal' });
const signInButton = (ctx: PathContext) => ctx.page.getByRole('main').getByRole('button', { name: 'Sign in' });

/**
 * Spends the code of the return before the page's exchange reaches the server (as a second tab would, through
 * the API with the same code): the page's exchange is refused.
 */
async function spendCodeFirst(ctx: PathContext) {
  let spent = false;
  const handler = async (route: Route) => {
    const body = route.request().postDataJSON() as { query?: string; variables?: { code?: string; redirect_uri?: string } } | null;
    if (spent || !/mutation OAuthLogin\b/.test(body?.query ?? '')) return route.fallback();
    spent = true;
    const response = await ctx.page.request.post(`http://localhost:${e2ePort}/graphql`, {
      headers: { connection: 'close', origin: ssoOrigin, host: new URL(ssoOrigin).host },
      data: {
        query: 'mutation ($uuid: ID!, $code: String!, $uri: String!) { oauthLogin(whitelabel_uuid: $uuid, code: $code, redirect_uri: $uri) { access_token } }',
        variables: { uuid: await whiteLabelUuid(ctx.page, ssoOrigin), code: body!.variables!.code, uri: body!.variables!.redirect_uri },
      },
    });
    ctx.state.spent = ((await response.json()) as { data?: { oauthLogin?: unknown } }).data?.oauthLogin != null;
    await route.fallback();
  };
  await ctx.page.route('**/graphql', handler);
}

export const oauthLoginDriver: MachineDriver = {
  name: 'oauth-login',
  model: oauthLoginModel,
  operations: { exchangeCode: 'OAuthLogin' },
  async prepare(ctx) {
    // The pages the browser is sent to on the authorisation server (the state the app sent with it).
    ctx.state.authorizations = [] as string[];
    ctx.page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() && url.pathname === '/dev/oauth/authorize' && !url.searchParams.has('prompt')) {
        ctx.state.authorizations.push(url.searchParams.get('state'));
      }
    });
    if (!(inputOf(ctx).code && inputOf(ctx).stateMatches)) return;
    // The round trip's first half: to the authorisation page, where the member signs in.
    await ctx.page.goto(`${ssoOrigin}/oauthlogin`);
    await expect(authorizationHeading(ctx)).toBeVisible();
    await ctx.page.getByLabel('Email').fill(demo.email);
    await ctx.page.getByLabel('Password').fill(demo.password);
  },
  async open(ctx) {
    const { code, stateMatches, failedUpstream, signedOut } = inputOf(ctx);
    if (code && stateMatches) await ctx.page.getByRole('button', { name: 'Sign in' }).click();
    else if (code) await ctx.page.goto(`${ssoOrigin}/oauthlogin?code=${code}&state=${foreignState}`);
    else if (failedUpstream) await ctx.page.goto(`${ssoOrigin}/oauthlogin?error=access_denied&state=${foreignState}`);
    else if (signedOut) await ctx.page.goto(`${ssoOrigin}/oauthlogin?s=logout`);
    else await ctx.page.goto(`${ssoOrigin}/oauthlogin`);
  },
  gestures: {
    'sso.signIn': (ctx) => signInButton(ctx).click(),
  },
  answers: {
    'xstate.done.actor.exchangeCode': async (ctx, event) => {
      ctx.wire.clear('OAuthLogin');
      if (!event.output.ok) await spendCodeFirst(ctx);
    },
    'xstate.error.actor.exchangeCode': async (ctx) => ctx.wire.failOnce('OAuthLogin'),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.matches('exchanging'),
  screenName: (snapshot: AnyMachineSnapshot) => String(snapshot.value),
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.matches('redirecting')) {
      // To the authorisation server with a fresh random state: its sign-in page, or, when the member is still
      // signed in there (an earlier round trip of the path), straight back into the portal.
      expect(ctx.state.authorizations.at(-1)).toMatch(/^[0-9a-f]{32}$/);
      if (inputOf(ctx).code !== null && inputOf(ctx).stateMatches) {
        await expect(ctx.page).toHaveURL(`${ssoOrigin}/dashboard`, now);
        return;
      }
      await expect(authorizationHeading(ctx)).toBeVisible(now);
      return;
    }
    if (snapshot.matches('signedIn')) {
      await expect(ctx.page).toHaveURL(`${ssoOrigin}/dashboard`, now);
      await expect(ctx.page.getByRole('banner').getByRole('button', { name: 'Deposit' })).toBeVisible(now);
      expect(await ctx.page.evaluate(() => localStorage.getItem('auth-token'))).not.toBeNull();
      return;
    }
    await expect(ctx.page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible(now);
    if (snapshot.matches('signedOut')) await expect(ctx.page.getByRole('status')).toHaveText('You are signed out.', now);
    else await expect(ctx.page.getByRole('alert')).toHaveText('Single sign-on failed. Sign in again.', now);
    // A refused code: the one the walk spent first, through the API.
    if (ctx.state.spent !== undefined) expect(ctx.state.spent).toBe(true);
    await expect(signInButton(ctx)).toBeEnabled(now);
    // No session is kept: not from a failed return, and a sign-out clears it.
    expect(await ctx.page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  },
};
