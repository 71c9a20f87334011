// A trader's decision on a request: the model's paths on the Demo Portal's real /investors, signed in as the trader
// (trader@example.com). Before each path the demo member asks to follow "Steady BTC Swing" with their "Path desk"
// account through the API, so the row is a real pending request. An acceptance or a decline that goes through is the
// server's own; a request decided meanwhile, a full strategy and a reason the server refuses are staged without
// reaching it (the server would decide it for real); a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { requestDecisionModel } from '../models/request-decision.model';
import { apiLogIn, signIn } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { notice } from './support';
import { askToFollow, pathAccount, steadyBtcSwing, trader } from './copy-links-support';
import { validationRefusal } from './trading-support';

const operation = 'CopyInvestorDecide';
// The trader sees the member as "Demo M." and the path's account by its exchange (the demo member's other request to
// Steady BTC Swing is on Bybit).
const row = (ctx: PathContext) =>
  ctx.page.getByTestId('investor-request').filter({ hasText: `Demo M. asks to follow ${steadyBtcSwing.name}` }).filter({ hasText: 'Binance' });
const declineForm = (ctx: PathContext) => row(ctx).getByRole('form', { name: 'Decline Demo M.’s request' });
const reasonField = (ctx: PathContext) => declineForm(ctx).getByRole('textbox', { name: /^Reason to decline/ });
const reasonTexts: Record<string, RegExp> = { required: /This field is required/, 'maxLength:400': /Use at most 400 characters/ };
const refusalTexts: Record<string, string> = {
  RequestDecided: 'This request was already decided or has expired.',
  StrategyFull: 'A trader reached the maximum number of followers.',
};

export const requestDecisionDriver: MachineDriver = {
  name: 'request-decision',
  model: requestDecisionModel,
  operations: { decideRequest: operation },
  async prepare(ctx) {
    // The demo member asks, through the API; the page is the trader's.
    ctx.state.token = (await apiLogIn(ctx.page)).access_token;
    await askToFollow(ctx, steadyBtcSwing.id, await pathAccount(ctx));
    await signIn(ctx.page, trader);
  },
  async open(ctx) {
    await ctx.page.goto('/investors');
    await expect(row(ctx)).toBeVisible();
  },
  gestures: {
    'request.accept': (ctx) => row(ctx).getByRole('button', { name: 'Accept Demo M.’s request' }).click(),
    'decline.open': (ctx) => row(ctx).getByRole('button', { name: 'Decline Demo M.’s request' }).click(),
    'decline.cancel': (ctx) => declineForm(ctx).getByRole('button', { name: 'Back' }).click(),
    'reason.change': (ctx, event: { value: string }) => reasonField(ctx).fill(event.value),
    'decline.confirm': (ctx) => declineForm(ctx).getByRole('button', { name: 'Decline' }).click(),
  },
  answers: {
    'xstate.done.actor.decideRequest': async (ctx, event: { output: { ok: boolean; reason?: string } }) => {
      if (event.output.ok) return ctx.wire.clear(operation);
      const reason = event.output.reason!;
      ctx.staged(reason === 'RequestDecided' ? 'the request decided meanwhile (by another tab)' : 'the strategy full meanwhile');
      ctx.wire.answerOnce(operation, serverRefusal('conflict', reason, refusalTexts[reason]!));
    },
    'xstate.error.actor.decideRequest': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce(operation);
      ctx.staged('the server refused the reason');
      ctx.wire.answerOnce(operation, validationRefusal('reason', 'maxLength:400', 'Use at most 400 characters'));
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot: AnyMachineSnapshot) =>
    `${String(snapshot.value)}${snapshot.context.refusal ? `-${snapshot.context.refusal}` : ''}${snapshot.context.reasonError ? `-${snapshot.context.reasonError.replace(':', '-')}` : ''}`,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('decided')) {
      // Decided: the notifier says so, and the request leaves the list as it is read again.
      await expect(notice(ctx, /^You (accepted|declined) Demo M.’s request/).first()).toBeVisible(now);
      await expect(row(ctx)).toHaveCount(0, now);
      return;
    }
    if (snapshot.matches('alreadyDecided')) {
      await expect(row(ctx).getByTestId('request-already-decided')).toHaveText(refusalTexts.RequestDecided!, now);
      return;
    }
    if (snapshot.matches('declining')) {
      await expect(reasonField(ctx)).toHaveValue(context.reason, now);
      await expect(reasonField(ctx)).toHaveAccessibleDescription(new RegExp(`${context.reason.length} of 400 characters`), now);
      if (context.reasonError) await expect(reasonField(ctx)).toHaveAccessibleDescription(reasonTexts[context.reasonError]!, now);
      if (context.error?.code === 'network' && ctx.before?.context.error !== context.error) await expect(notice(ctx).first()).toBeVisible(now);
      await expect(declineForm(ctx).getByRole('button', { name: 'Decline' })).toBeEnabled(now);
      return;
    }
    await expect(row(ctx).getByRole('button', { name: 'Accept Demo M.’s request' })).toBeEnabled(now);
    await expect(row(ctx).getByTestId('request-time-left')).toHaveText(/^(2[0-3]) h \d+ min$/, now);
    if (context.refusal) await expect(row(ctx).getByTestId('request-refusal')).toHaveText(refusalTexts[context.refusal]!, now);
    else await expect(row(ctx).getByTestId('request-refusal')).toHaveCount(0, now);
    if (context.error?.code === 'network' && ctx.before?.context.error !== context.error) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
