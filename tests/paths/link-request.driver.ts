// Asking to follow a strategy: the model's paths on the Connect panel of the Demo Portal's real strategy page for
// "Momentum Alts" (02), as the demo member with their "Path desk" account (the only one of theirs that may follow it:
// Binance main follows 03, Bybit swing waits on 01, OKX spare is disconnected). What the panel weighs is the server's
// own; a request the model finds (pending, accepted, declined) is made real through the API before the step that reads
// it (the member asks, the trader accepts or declines), and a request sent goes to the server. What the server holds
// otherwise at that step is staged from its own answer: overdue invoices, a request or connection the model's answer
// has not (or has in another status: a key still being linked, expired unreviewed, a key not linked in time); a
// refusal and a field it refuses are answered without reaching it; a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { linkRequestPoll } from '../../domain/timing';
import type { FollowingNow } from '../../machines/trading/link-request.types';
import type { LinkFactsLoaded } from '../../machines/trading/copy-links.types';
import { selectStep } from '../../machines/trading/link-request.selectors';
import { linkRequestModel } from '../models/link-request.model';
import { freeAccountId } from '../models/copy-links-fixtures';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { hideTab, notice, showTab, signInFor } from './support';
import { askToFollow, freeAccount, linksOf, momentumAlts, pathAccount, pathAccountName, traderDecides } from './copy-links-support';
import { validationRefusal } from './trading-support';

const ops = { load: 'CopyLinkFacts', send: 'CopyLinkRequestCreate', look: 'CopyFollowing' } as const;
const panel = (ctx: PathContext) => ctx.page.getByRole('region', { name: `Copy ${momentumAlts.name}` });
const fields = {
  accountId: (ctx: PathContext) => panel(ctx).getByRole('combobox', { name: /^Account/ }),
  lotSize: (ctx: PathContext) => panel(ctx).getByRole('textbox', { name: /^Lot size, %/ }),
  drawdownLimit: (ctx: PathContext) => panel(ctx).getByRole('textbox', { name: /^Drawdown limit, %/ }),
  quoteAsset: (ctx: PathContext) => panel(ctx).getByRole('combobox', { name: /^Quote asset/ }),
};
const fieldTexts: Record<string, RegExp> = {
  required: /This field is required/,
  choice: /./,
  integer: /Enter a whole number/,
  'minValue:1': /Enter at least 1/,
  'maxValue:100': /Enter at most 100/,
  'maxValue:500': /Enter at most 500/,
};
const refusalTexts: Record<string, string> = { StrategyFull: 'A trader reached the maximum number of followers.' };
/** The model's account id is the path's "Path desk" on the page. */
const onPage = (ctx: PathContext, accountId: string) => (accountId === freeAccountId ? ctx.state.accountId : accountId);

const linksNow = (ctx: PathContext) => linksOf(ctx, ctx.state.accountId);

/** A pending request of "Path desk" to Momentum Alts on the server (made now when there is none): its id. */
async function pendingRequest(ctx: PathContext) {
  const { pending, live } = await linksNow(ctx);
  if (pending) return pending.id;
  if (live) await freeAccount(ctx, ctx.state.accountId);
  return askToFollow(ctx, momentumAlts.id, ctx.state.accountId);
}

/** A live connection of "Path desk" to Momentum Alts (the trader accepts a request now when there is none): its id. */
async function liveConnection(ctx: PathContext) {
  const { live } = await linksNow(ctx);
  if (live) return live.id;
  return (await traderDecides(ctx, await pendingRequest(ctx), { accept: true }))!;
}

const inTwoDays = () => new Date(Date.now() + 47 * 60 * 60_000).toISOString();

export const linkRequestDriver: MachineDriver = {
  name: 'link-request',
  model: linkRequestModel,
  operations: { loadLinkFacts: ops.load, sendLinkRequest: ops.send, fetchFollowing: ops.look },
  async prepare(ctx) {
    await signInFor(ctx, 'demo');
    ctx.state.accountId = await pathAccount(ctx);
  },
  async open(ctx) {
    await ctx.page.goto(`/copy-trading/${momentumAlts.id}`);
  },
  gestures: {
    'field.change': async (ctx, event: { field: keyof typeof fields; value: string }) => {
      if (event.field === 'accountId') return void (await fields.accountId(ctx).selectOption(onPage(ctx, event.value)));
      await fields[event.field](ctx).fill(event.value);
    },
    'request.submit': (ctx) => panel(ctx).getByRole('button', { name: 'Ask to follow' }).click(),
    'request.again': (ctx) => panel(ctx).getByRole('button', { name: 'Ask again' }).click(),
    'load.retry': (ctx) => panel(ctx).getByRole('button', { name: /^(Try again|Check again)$/ }).click(),
    'page.hidden': (ctx) => hideTab(ctx.page),
    'page.visible': (ctx) => showTab(ctx.page),
  },
  answers: {
    'xstate.done.actor.loadLinkFacts': async (ctx, event: { output: LinkFactsLoaded }) => {
      const facts = event.output;
      // The request or connection the model's answer has is made real now; what it has not is left out of the answer.
      const connectionId = facts.myConnection ? await liveConnection(ctx) : null;
      const requestId = facts.myRequest ? await pendingRequest(ctx) : null;
      const keyPending = facts.myConnection?.status === 'pending';
      if (facts.member.overdueInvoices) ctx.staged('a trader-fee invoice overdue');
      if (keyPending) ctx.staged('the accepted connection’s key still being linked (the sandbox links it at once)');
      ctx.wire.stage(
        ops.load,
        (answer) => {
          const data = answer?.data;
          if (!data?.copyTradingStrategy) return answer;
          const strategy = data.copyTradingStrategy;
          return {
            ...answer,
            data: {
              ...data,
              userSettings: facts.member.overdueInvoices ? { ...data.userSettings, overdue_trader_fee_invoices: 1 } : data.userSettings,
              copyTradingStrategy: {
                ...strategy,
                my_request: requestId ? strategy.my_request : null,
                my_connection:
                  connectionId && strategy.my_connection
                    ? { ...strategy.my_connection, ...(keyPending ? { status: 'pending', key_deadline: strategy.my_connection.key_deadline ?? inTwoDays() } : {}) }
                    : null,
              },
            },
          };
        },
        true,
      );
    },
    'xstate.error.actor.loadLinkFacts': async (ctx) => ctx.wire.failOnce(ops.load),
    'xstate.done.actor.sendLinkRequest': async (ctx, event: { output: { ok: boolean; reason?: string } }) => {
      if (event.output.ok) {
        // The server takes one request per account: whatever an earlier step made of "Path desk" goes first.
        await freeAccount(ctx, ctx.state.accountId);
        return ctx.wire.clear(ops.send);
      }
      ctx.staged(`the server refused the request: ${event.output.reason}`);
      ctx.wire.answerOnce(ops.send, serverRefusal('conflict', event.output.reason!, refusalTexts[event.output.reason!] ?? event.output.reason!));
    },
    'xstate.error.actor.sendLinkRequest': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce(ops.send);
      ctx.staged('the server refused the drawdown limit');
      ctx.wire.answerOnce(ops.send, validationRefusal('settings.max_drawdown_percent', 'maxValue:100', 'Enter at most 100'));
    },
    'xstate.done.actor.fetchFollowing': async (ctx, event: { output: FollowingNow }) => {
      const { request, connection } = event.output;
      // The page looks by the connection once it knows one (and the answer keeps it as it was), else by the request.
      const known = ctx.before?.context.connection as { status: string } | null | undefined;
      const status = (connection ?? known)?.status;
      if (!known) {
        // The trader's decision, made for real before the look that finds it (a connection comes of an acceptance).
        const { pending } = await linksNow(ctx);
        if ((request?.status === 'active' || connection) && pending) await traderDecides(ctx, pending.id, { accept: true });
        if (request?.status === 'declined' && pending) await traderDecides(ctx, pending.id, { accept: false, reason: request.declineReason ?? 'Not now' });
        if (request?.status === 'failed') ctx.staged('not reviewed in 24 hours: expired');
      }
      if (status === 'pending') ctx.staged('the key still being linked (the sandbox links it at once)');
      if (status === 'failed') ctx.staged('the key not linked in 48 hours');
      ctx.wire.stage(ops.look, (answer) => {
        const data = answer?.data;
        if (!data) return answer;
        const requests = data.myLinkRequests?.map((row: any) =>
          row.account_id === ctx.state.accountId && request?.status === 'failed' && row.status === 'pending' ? { ...row, status: 'failed', expired: true } : row,
        );
        const look =
          data.connection && (status === 'pending' || status === 'failed')
            ? { ...data.connection, status, key_deadline: data.connection.key_deadline ?? inTwoDays() }
            : data.connection;
        return { ...answer, data: { ...data, ...(requests ? { myLinkRequests: requests } : {}), ...(data.connection ? { connection: look } : {}) } };
      });
    },
    'xstate.error.actor.fetchFollowing': async (ctx) => ctx.wire.failOnce(ops.look),
  },
  delays: {
    'xstate.after.followPoll.': async (ctx) => ctx.page.clock.fastForward(linkRequestPoll),
  },
  isPassing: (snapshot) => snapshot.matches('loading'),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const step = selectStep(snapshot);
    const { context } = snapshot;
    if (step === 'refused') return `refused-${context.refusal}`;
    if (step === 'editing') return `editing${context.submitRefusal ? `-${context.submitRefusal}` : ''}${Object.keys(context.fieldErrors).length ? '-problems' : ''}`;
    return step;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const step = selectStep(snapshot);
    await expect(ctx.page.getByTestId('link-request-panel')).toHaveAttribute('data-step', step, now);
    switch (step) {
      case 'loadFailed':
        return void (await expect(panel(ctx).getByRole('alert')).toContainText('What linking needs could not be loaded.', now));
      case 'refused':
        await expect(panel(ctx).getByTestId('link-refused')).toHaveAttribute('data-refusal', context.refusal, now);
        return void (await expect(panel(ctx).getByRole('button', { name: 'Check again' })).toBeEnabled(now));
      case 'editing': {
        await expect(fields.accountId(ctx)).toHaveValue(onPage(ctx, context.values.accountId), now);
        await expect(fields.lotSize(ctx)).toHaveValue(context.values.lotSize, now);
        await expect(fields.drawdownLimit(ctx)).toHaveValue(context.values.drawdownLimit, now);
        await expect(fields.quoteAsset(ctx)).toHaveValue(context.values.quoteAsset, now);
        for (const [field, code] of Object.entries(context.fieldErrors as Record<string, string>)) {
          await expect(fields[field as keyof typeof fields](ctx)).toHaveAccessibleDescription(fieldTexts[code] ?? /./, now);
        }
        if (context.submitRefusal && !snapshot.hasTag('busy')) {
          await expect(panel(ctx).getByTestId('link-submit-refusal')).toHaveAttribute('data-refusal', context.submitRefusal, now);
        } else await expect(panel(ctx).getByTestId('link-submit-refusal')).toHaveCount(0, now);
        if (context.error?.code === 'network' && ctx.before?.context.error !== context.error) await expect(notice(ctx).first()).toBeVisible(now);
        return void (await expect(panel(ctx).getByRole('button', { name: 'Ask to follow' })).toBeEnabled(now));
      }
      case 'pending':
        await expect(panel(ctx).getByTestId('link-pending')).toContainText(`Request sent with ${pathAccountName}.`, now);
        return void (await expect(panel(ctx).getByTestId('review-time-left')).toHaveText(/^Time left to review: \d+ h \d+ min$/, now));
      case 'keyPending':
        await expect(panel(ctx).getByTestId('link-key-pending')).toContainText('The trader accepted your request.', now);
        if (context.connection) await expect(panel(ctx).getByTestId('key-time-left')).toHaveText(/^Time left to link the key: \d+ d \d+ h$/, now);
        return;
      case 'linked':
        await expect(panel(ctx).getByTestId('link-linked')).toContainText(`You follow this strategy with ${pathAccountName}.`, now);
        return void (await expect(panel(ctx).getByRole('link', { name: 'Open the connection' })).toHaveAttribute('href', /^\/connection\/[^/]+$/, now));
      case 'declined':
        return void (await expect(panel(ctx).getByTestId('link-declined')).toContainText('The trader declined your request.', now));
      case 'expired':
        return void (await expect(panel(ctx).getByTestId('link-expired')).toContainText('so it expired', now));
      case 'connectionEnded':
        return void (await expect(panel(ctx).getByTestId('link-ended')).toContainText('the key was not linked within 48 hours', now));
    }
  },
};

