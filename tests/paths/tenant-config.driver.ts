// The tenant config's model paths as a visitor opens /login. The flow works before anything shows: the member
// sees its outcome (the portal, branded; or the 408 screen, Try again), so each state is checked by what
// follows it. "Cached settings" is a real first visit before the walk (it leaves the server's settings in the
// page's storage), then the walk's visit. The server answers the settings itself, in the page it serves or on
// the wire; a host no tenant answers to
// is the server's own answer with no settings, staged (the demo host always has them), and a failed call is a
// dropped connection: at the first load both the boot script's request and the app's own second try. The
// browser going offline and back online is Playwright's network switch.
import { expect, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { tenantConfigModel } from '../models/tenant-config.model';
import type { MachineDriver, PathContext } from './driver';

const retryButton = (ctx: PathContext) => ctx.page.getByRole('button', { name: 'Try again' });
const heading408 = (ctx: PathContext) => ctx.page.getByRole('heading', { name: 'Something went wrong' });
const loginHeading = (ctx: PathContext) => ctx.page.getByRole('heading', { name: 'Log in' });

const operationOf = (route: Route) => /query (\w+)/.exec(route.request().postData() ?? '')?.[1];

/** The next `times` calls for the tenant's settings get no answer (the network drops them). */
async function dropSettingsCalls(ctx: PathContext, times: number) {
  let left = times;
  const handler = async (route: Route) => {
    if (operationOf(route) !== 'WhiteLabel' || left <= 0) return route.fallback();
    left -= 1;
    if (left === 0) await ctx.page.unroute('**/graphql', handler);
    await route.abort('connectionrefused');
  };
  await ctx.page.route('**/graphql', handler);
}

/** At the first load the boot script asks and, when that fails, the app asks once more; a retry asks once. */
const callsOf = (ctx: PathContext) => (ctx.before ? 1 : 2);

const hasCache = (ctx: PathContext) => (ctx.path.input as { cached: unknown }).cached !== null;

export const tenantConfigDriver: MachineDriver = {
  name: 'tenant-config',
  model: tenantConfigModel,
  operations: { loadTenantConfig: 'WhiteLabel' },
  async prepare(ctx) {
    // The server puts its answer for the settings in the page it serves; the walk's page comes without it
    // where the path's first answer is not the server's own (as the server serves it when the answer takes
    // over a second), so the boot script asks on the wire.
    await ctx.page.route(/\/login$/, async (route) => {
      if (!ctx.state.withoutPageAnswers || route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script type="application\/json" id="page-answers">[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body });
    });
    if (!hasCache(ctx)) return;
    // An earlier visit that loaded the settings: they stay in the page's storage.
    await ctx.page.goto('/login');
    await expect(loginHeading(ctx)).toBeVisible();
    await expect.poll(() => ctx.page.evaluate(() => localStorage.getItem('tenant-config'))).not.toBeNull();
  },
  async open(ctx) {
    await ctx.page.goto('/login', { waitUntil: 'commit' });
  },
  gestures: {
    'config.retry': (ctx) => retryButton(ctx).click(),
    'connection.online': async (ctx) => {
      await ctx.page.context().setOffline(true);
      await ctx.page.context().setOffline(false);
    },
  },
  answers: {
    'xstate.done.actor.loadTenantConfig': async (ctx, event) => {
      ctx.wire.clear('WhiteLabel');
      if (event.output !== null) return;
      if (!ctx.before) {
        ctx.state.withoutPageAnswers = true;
        ctx.staged('the page served without the settings in it (as when they take the server over a second)');
      }
      ctx.staged('no tenant answers to this host: the server\'s answer without settings (the demo host always has them)');
      ctx.wire.stage('WhiteLabel', (answer) => ({ ...answer, data: { ...answer.data, whiteLabel: null } }), true);
    },
    'xstate.error.actor.loadTenantConfig': async (ctx) => {
      if (!ctx.before) {
        ctx.state.withoutPageAnswers = true;
        ctx.staged('the page served without the settings in it (as when they take the server over a second)');
      }
      await dropSettingsCalls(ctx, callsOf(ctx));
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  noScreen: (snapshot) =>
    snapshot.hasTag('busy') ? 'The portal asks for its settings before it shows a page (a loader, or the 408 screen\'s Try again busy).' : null,
  screenName: (snapshot) => String(snapshot.value),
  async expectScreen(ctx, snapshot: AnyMachineSnapshot) {
    const now = { timeout: 1 };
    if (snapshot.hasTag('unavailable')) {
      await expect(ctx.page).toHaveURL(/\/408$/, now);
      await expect(heading408(ctx)).toBeVisible(now);
      await expect(ctx.page.getByText('The portal could not load its settings. Check your connection and try again.')).toBeVisible(now);
      await expect(retryButton(ctx)).toBeEnabled(now);
      await expect(retryButton(ctx)).not.toHaveAttribute('data-loading', 'true', now);
      return;
    }
    // Configured: the page the visitor asked for, in the tenant's name (fresh or from the cached copy).
    await expect(ctx.page).toHaveURL(/\/login$/, now);
    await expect(loginHeading(ctx)).toBeVisible(now);
    await expect(ctx.page.getByText('Demo Portal').first()).toBeVisible(now);
    await expect(heading408(ctx)).toHaveCount(0, now);
    const stored = await ctx.page.evaluate(() => JSON.parse(localStorage.getItem('tenant-config') ?? 'null')?.uuid ?? null);
    // Fresh settings are kept for the next visit; on the cached copy the stored one stays as it was.
    expect(stored).not.toBeNull();
  },
};
