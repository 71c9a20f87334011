// The autologin's model paths: a session handed over in the link's fragment (/autologin#access_token=...), as
// another site of the tenant sends a member. The flow works out of sight: the member sees where it leads (the
// dashboard, or the products page when a purchase link was followed before; else the sign-in page saying the
// session expired). The session is the demo member's, signed in through the API; one the server refuses is a
// token already revoked (signed out through the API) before the page checks it. "Products link stored" is a
// real purchase link (/store?products=<id>:onetime) followed before, which the page keeps for the next login.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { apiLogIn, demoOrigin, whiteLabelUuid } from '../e2e/support';
import { autologinModel } from '../models/autologin.model';
import type { MachineDriver, PathContext } from './driver';
import { memberCall } from './support';

type Input = { session: unknown; hasStoredProducts: boolean };
const inputOf = (ctx: PathContext) => ctx.path.input as Input;

export const autologinDriver: MachineDriver = {
  name: 'autologin',
  model: autologinModel,
  operations: { checkSession: 'Me' },
  async prepare(ctx) {
    const session = await apiLogIn(ctx.page);
    ctx.state.session = session;
    ctx.state.token = session.access_token;
    if (inputOf(ctx).hasStoredProducts) {
      // A purchase link followed before: the store keeps its products for the login that follows.
      const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
      const { moduleProducts } = await memberCall<{ moduleProducts: { id: string; name: string }[] }>(
        ctx,
        'query ($uuid: ID!) { moduleProducts(whitelabel_uuid: $uuid) { id name } }',
        { uuid },
      );
      const product = moduleProducts.find((entry) => entry.name === 'Market Psychology E-book')!;
      // With its billing cycle: a bare numeric id is read as a number by the router's search parsing, and the
      // link is then not kept (see the report).
      await ctx.page.goto(`/store?products=${product.id}:onetime`);
      await expect.poll(() => ctx.page.evaluate(() => localStorage.getItem('sc_products'))).toContain(product.id);
    }
  },
  async open(ctx) {
    const { session } = inputOf(ctx);
    const { access_token, expires_in } = ctx.state.session;
    await ctx.page.goto(session ? `/autologin#access_token=${access_token}&expires_in=${expires_in}` : '/autologin');
  },
  gestures: {},
  answers: {
    'xstate.done.actor.checkSession': async (ctx) => ctx.wire.clear('Me'),
    // The token was handed over, then revoked (signed out elsewhere) before the page checks it.
    'xstate.error.actor.checkSession': async (ctx) => {
      await memberCall(ctx, 'mutation { logout { status } }');
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot: AnyMachineSnapshot) =>
    snapshot.matches('signedIn') && (snapshot.context as Input).hasStoredProducts ? 'signedIn-products' : String(snapshot.value),
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    // The handed-over token never stays in the address bar.
    expect(ctx.page.url()).not.toContain('access_token');
    if (snapshot.matches('signedIn')) {
      if (inputOf(ctx).hasStoredProducts) await expect(ctx.page).toHaveURL(/\/products(\?.*)?$/, now);
      else {
        await expect(ctx.page).toHaveURL(/\/dashboard$/, now);
        await expect(ctx.page.getByRole('main')).toBeVisible(now);
      }
      expect(await ctx.page.evaluate(() => localStorage.getItem('auth-token'))).toBe(ctx.state.token);
      return;
    }
    await expect(ctx.page).toHaveURL(/\/login\?s=expired$/, now);
    await expect(ctx.page.getByTestId('session-expired')).toHaveText('Session expired. Please re-login.', now);
    expect(await ctx.page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  },
};
