// What the copy trading drivers share: the demo member's "Path desk" account, freed of what the last path left (its
// request declined, its connection disconnected, so the services' linkings never fill up), a request to follow one of
// the trader's strategies, and the trader's decisions.
import { apiLogIn, demoOrigin, whiteLabelUuid } from '../e2e/support';
import type { PathContext } from './driver';
import { memberCall } from './support';
import { freshValidKey, makeAccount } from './trading-support';

export const trader = { email: 'trader@example.com', password: 'Demo12345' };
/** The trader's strategies (server/modules/trading/copy-demo-data.ts): 01 Steady BTC Swing, 02 Momentum Alts. */
export const steadyBtcSwing = { id: '5c0a7e00-0032-4c0d-8e00-000000000001', name: 'Steady BTC Swing' };
export const momentumAlts = { id: '5c0a7e00-0032-4c0d-8e00-000000000002', name: 'Momentum Alts' };
export const pathAccountName = 'Path desk';

/** The path account's request and connection on the server now (the pending one, the one not disconnected). */
export async function linksOf(ctx: PathContext, accountId: string) {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { myLinkRequests, myConnections } = await memberCall<{
    myLinkRequests: { id: string; status: string; account_id: string }[];
    myConnections: { id: string; status: string; account_id: string }[];
  }>(ctx, 'query ($uuid: ID!) { myLinkRequests(whitelabel_uuid: $uuid) { id status account_id } myConnections(whitelabel_uuid: $uuid) { id status account_id } }', { uuid });
  return {
    pending: myLinkRequests.find((row) => row.account_id === accountId && row.status === 'pending') ?? null,
    live: myConnections.find((row) => row.account_id === accountId && row.status !== 'disconnected') ?? null,
  };
}

/** The account follows nothing and asked nothing: its request declined by the trader, its connection disconnected. */
export async function freeAccount(ctx: PathContext, accountId: string) {
  const { pending, live } = await linksOf(ctx, accountId);
  if (pending) await traderDecides(ctx, pending.id, { accept: false, reason: 'The next path' });
  if (live) {
    await memberCall(ctx, 'mutation ($uuid: ID!, $id: ID!) { connectionDisconnect(whitelabel_uuid: $uuid, id: $id, reason: "The next path") { id } }', {
      uuid: await whiteLabelUuid(ctx.page, demoOrigin),
      id: live.id,
    });
  }
}

/**
 * The signed-in path member's "Path desk" on Binance (a sandbox key), following nothing: the one an earlier path made,
 * freed, or a new one (the server limits how many keys a member has checked in a while): its id.
 */
export async function pathAccount(ctx: PathContext): Promise<string> {
  const { myAccounts } = await memberCall<{ myAccounts: { id: string; name: string; status: string }[] }>(
    ctx,
    'query ($uuid: ID!) { myAccounts(whitelabel_uuid: $uuid) { id name status } }',
    { uuid: await whiteLabelUuid(ctx.page, demoOrigin) },
  );
  const kept = myAccounts.find((row) => row.name === pathAccountName && row.status === 'connected');
  if (!kept) return makeAccount(ctx, pathAccountName, 'binance', freshValidKey('pd01'));
  await freeAccount(ctx, kept.id);
  return kept.id;
}

/** The signed-in path member asks to follow `strategyId` with `accountId` (the defaults, or `settings`): the request's id. */
export async function askToFollow(
  ctx: PathContext,
  strategyId: string,
  accountId: string,
  settings: { lot_size_percent?: number; max_drawdown_percent?: number } = {},
): Promise<string> {
  const { copyTradingLinkRequest } = await memberCall<{ copyTradingLinkRequest: { id: string } }>(
    ctx,
    'mutation ($uuid: ID!, $strategy: ID!, $account: ID!, $settings: CopySettingsInput) { copyTradingLinkRequest(whitelabel_uuid: $uuid, strategy_id: $strategy, account_id: $account, settings: $settings) { id } }',
    { uuid: await whiteLabelUuid(ctx.page, demoOrigin), strategy: strategyId, account: accountId, settings },
  );
  return copyTradingLinkRequest.id;
}

/** The trader decides a request through the API: accepted (its connection's id), or declined with `reason`. */
export async function traderDecides(ctx: PathContext, requestId: string, decision: { accept: true } | { accept: false; reason: string }) {
  const { access_token } = await apiLogIn(ctx.page, trader);
  const { investorRequestDecide } = await memberCall<{ investorRequestDecide: { connection_id: string | null } }>(
    { ...ctx, state: { token: access_token } },
    'mutation ($uuid: ID!, $id: ID!, $accept: Boolean!, $reason: String) { investorRequestDecide(whitelabel_uuid: $uuid, request_id: $id, accept: $accept, reason: $reason) { connection_id } }',
    { uuid: await whiteLabelUuid(ctx.page, demoOrigin), id: requestId, accept: decision.accept, reason: decision.accept ? null : decision.reason },
  );
  return investorRequestDecide.connection_id;
}
