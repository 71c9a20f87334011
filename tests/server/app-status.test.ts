// App status: the version and maintenance state (appState), the member's standing (userSettings) and the
// tenant's platform subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appState, users } from '../../server/db/schema';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let token: string;

beforeAll(async () => {
  server = await startServer();
  const uuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const login = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: uuid },
  });
  token = login.data.login.access_token;
});
afterAll(() => server?.close());

describe('app state', () => {
  it('answers the portal row to visitors, and live for an app without a row', async () => {
    expect((await server.gql(`{ appState { version status logout_needed } }`)).data.appState).toEqual({
      version: '1.0.0',
      status: 'live',
      logout_needed: false,
    });
    expect((await server.gql(`{ appState(app_name: "other") { version status logout_needed } }`)).data.appState).toEqual({
      version: '0',
      status: 'live',
      logout_needed: false,
    });
  });

  it('shows a maintenance status and a forced sign-out as soon as they are set', async () => {
    await server.db.update(appState).set({ status: 'maintenance', logoutNeeded: true }).where(eq(appState.appName, 'portal'));
    try {
      expect((await server.gql(`{ appState { status logout_needed } }`)).data.appState).toEqual({ status: 'maintenance', logout_needed: true });
    } finally {
      await server.db.update(appState).set({ status: 'live', logoutNeeded: false }).where(eq(appState.appName, 'portal'));
    }
  });
});

describe('member settings', () => {
  it('are the signed-in member own, and reflect a suspension and fee invoices', async () => {
    expect((await server.gql(`{ userSettings { status } }`)).errors?.[0]?.extensions?.category).toBe('authentication');
    const settings = `{ userSettings { status unpaid_trader_fee_invoices overdue_trader_fee_invoices } }`;
    expect((await server.gql(settings, undefined, token)).data.userSettings).toEqual({
      status: 'active',
      unpaid_trader_fee_invoices: 0,
      overdue_trader_fee_invoices: 0,
    });
    const demo = eq(users.email, 'demo@example.com');
    await server.db.update(users).set({ accountStatus: 'suspended', unpaidTraderFeeInvoices: 2, overdueTraderFeeInvoices: 1 }).where(demo);
    try {
      expect((await server.gql(settings, undefined, token)).data.userSettings).toEqual({
        status: 'suspended',
        unpaid_trader_fee_invoices: 2,
        overdue_trader_fee_invoices: 1,
      });
    } finally {
      await server.db.update(users).set({ accountStatus: 'active', unpaidTraderFeeInvoices: 0, overdueTraderFeeInvoices: 0 }).where(demo);
    }
  });
});

describe('platform subscription', () => {
  it('is offered by the demo tenant and not yet paid, and needs a signed-in member', async () => {
    const query = `{ whiteLabelUserActiveSubscription { enabled active till } }`;
    expect((await server.gql(query)).errors?.[0]?.extensions?.category).toBe('authentication');
    expect((await server.gql(query, undefined, token)).data.whiteLabelUserActiveSubscription).toEqual({ enabled: true, active: false, till: null });
  });
});
