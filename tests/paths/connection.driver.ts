// A follower's connection: the model's paths on the Demo Portal's real /connection/{id}. Before each path the demo
// member asks to follow "Momentum Alts" with a new "Path desk" account (lot size 50 %, drawdown limit 20 %, as the
// model's connection has them) and the trader accepts through the API, so the page shows a real active connection.
// Pause, resume, settings and disconnect that go through are the server's own. What the server would only answer at
// another moment is staged from its own answer or without reaching it: a status the connection does not have now (a
// look that finds it active, or stopped at its drawdown limit), a refusal (the status changed meanwhile, overdue
// invoices), a field or reason it refuses, an unknown connection; a failed call is the network failing. The tab is
// hidden and shown as the browser tells the page; the 15 s look is Playwright's clock.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { connectionPoll } from '../../domain/timing';
import {
  selectCanDisconnect,
  selectCanEdit,
  selectCanPause,
  selectCanResume,
  selectPanel,
  selectStep,
} from '../../machines/trading/connection.selectors';
import { connectionModel } from '../models/connection.model';
import { demoOrigin, whiteLabelUuid } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { hideTab, memberCall, notice, showTab, signInFor } from './support';
import { askToFollow, pathAccount, momentumAlts, traderDecides } from './copy-links-support';
import { validationRefusal } from './trading-support';

const ops = {
  load: 'CopyConnection',
  look: 'CopyConnectionLook',
  update: 'CopyConnectionUpdate',
  pause: 'CopyConnectionPause',
  resume: 'CopyConnectionResume',
  disconnect: 'CopyConnectionDisconnect',
} as const;
const statusLabels: Record<string, string> = {
  pending: 'Pending',
  active: 'Active',
  paused: 'Paused',
  disconnected: 'Disconnected',
  failed: 'Failed',
  'drawdown exceeded': 'Drawdown exceeded',
  suspended: 'Suspended',
};
const refusalTexts: Record<string, string> = {
  ConnectionStateChanged: "This connection's status has changed meanwhile. The page shows it as it is now.",
  OverdueInvoices: 'Copy trading suspended because of overdue invoices.',
  AccountNotActive: 'Account not active: check the subscription and invoices.',
};
const fieldTexts: Record<string, RegExp> = {
  required: /This field is required/,
  'maxLength:400': /Use at most 400 characters/,
  'maxValue:500': /Enter at most 500/,
  integer: /Enter a whole number/,
};

const page = (ctx: PathContext) => ctx.page.getByTestId('connection-page');
const settings = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Change the settings' });
const disconnect = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Disconnect from the strategy' });
const settingsField = (ctx: PathContext, field: 'lotSize' | 'drawdownLimit') =>
  settings(ctx).getByRole('textbox', { name: field === 'lotSize' ? /^Lot size, %/ : /^Drawdown limit, %/ });
const reasonField = (ctx: PathContext) => disconnect(ctx).getByRole('textbox', { name: /^Reason/ });
const action = (ctx: PathContext, name: string) => ctx.page.getByRole('main').getByRole('button', { name, exact: true });

/** The connection in an answer of `operation` with `status`: the server's own answer, its status changed. */
function stageStatus(ctx: PathContext, operation: string, field: string, status: string) {
  ctx.wire.stage(operation, (answer) => (answer?.data?.[field] ? { ...answer, data: { ...answer.data, [field]: { ...answer.data[field], status } } } : answer), true);
}

/** A change the server makes: what it holds now, so a later look is staged only where the model's answer differs. */
const serverNow = (ctx: PathContext, status: string) => {
  ctx.state.status = status;
};

export const connectionDriver: MachineDriver = {
  name: 'connection',
  model: connectionModel,
  operations: {
    loadConnection: ops.load,
    fetchConnection: ops.look,
    updateConnection: ops.update,
    pauseConnection: ops.pause,
    resumeConnection: ops.resume,
    disconnectConnection: ops.disconnect,
  },
  async prepare(ctx) {
    await signInFor(ctx, 'demo');
    const requestId = await askToFollow(ctx, momentumAlts.id, await pathAccount(ctx), { lot_size_percent: 50, max_drawdown_percent: 20 });
    ctx.state.connectionId = await traderDecides(ctx, requestId, { accept: true });
    // The key is linked right after the acceptance (the sandbox takes a connected account's key).
    const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
    await expect
      .poll(async () => (await memberCall<{ connection: { status: string } }>(ctx, 'query ($uuid: ID!, $id: ID!) { connection(whitelabel_uuid: $uuid, id: $id) { status } }', { uuid, id: ctx.state.connectionId })).connection.status)
      .toBe('active');
    serverNow(ctx, 'active');
  },
  async open(ctx) {
    await ctx.page.goto(`/connection/${ctx.state.connectionId}`);
  },
  gestures: {
    'load.retry': (ctx) => ctx.page.getByRole('button', { name: 'Try again' }).click(),
    'settings.open': (ctx) => action(ctx, 'Settings').click(),
    'settings.cancel': (ctx) => settings(ctx).getByRole('button', { name: 'Cancel' }).click(),
    'field.change': (ctx, event: { field: 'lotSize' | 'drawdownLimit'; value: string }) => settingsField(ctx, event.field).fill(event.value),
    'settings.submit': (ctx) => settings(ctx).getByRole('button', { name: 'Save the settings' }).click(),
    'connection.pause': (ctx) => action(ctx, 'Pause').click(),
    'connection.resume': (ctx) => action(ctx, 'Resume').click(),
    'disconnect.open': (ctx) => action(ctx, 'Disconnect').click(),
    'disconnect.cancel': (ctx) => disconnect(ctx).getByRole('button', { name: 'Keep copying' }).click(),
    'reason.change': (ctx, event: { value: string }) => reasonField(ctx).fill(event.value),
    'disconnect.confirm': (ctx) => disconnect(ctx).getByRole('button', { name: 'Disconnect' }).click(),
    'page.hidden': (ctx) => hideTab(ctx.page),
    'page.visible': (ctx) => showTab(ctx.page),
  },
  answers: {
    'xstate.done.actor.loadConnection': async (ctx) => ctx.wire.clear(ops.load),
    'xstate.error.actor.loadConnection': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code === 'network') return ctx.wire.failOnce(ops.load);
      ctx.staged('no such connection of the member’s');
      ctx.wire.answerOnce(ops.load, serverRefusal('not_found', 'AccountNotFound', 'Account or strategy not found.'));
    },
    'xstate.done.actor.fetchConnection': async (ctx, event: { output: { status: string } }) => {
      if (event.output.status === ctx.state.status) return ctx.wire.clear(ops.look);
      ctx.staged(`the connection found ${event.output.status} (the server has it ${ctx.state.status} now)`);
      stageStatus(ctx, ops.look, 'connection', event.output.status);
    },
    'xstate.error.actor.fetchConnection': async (ctx) => ctx.wire.failOnce(ops.look),
    'xstate.done.actor.updateConnection': async (ctx, event: { output: { ok: boolean; reason?: string; value?: { status: string } } }) => {
      if (!event.output.ok) {
        ctx.staged(`the change refused: ${event.output.reason}`);
        return ctx.wire.answerOnce(ops.update, serverRefusal('conflict', event.output.reason!, refusalTexts[event.output.reason!]!));
      }
      if (event.output.value!.status === 'drawdown exceeded') {
        ctx.staged('the drawdown reached the limit saved (a new connection has none to reach)');
        return stageStatus(ctx, ops.update, 'connectionUpdate', 'drawdown exceeded');
      }
      ctx.wire.clear(ops.update);
    },
    'xstate.error.actor.updateConnection': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce(ops.update);
      ctx.staged('the server refused the lot size');
      ctx.wire.answerOnce(ops.update, validationRefusal('settings.lot_size_percent', 'maxValue:500', 'Enter at most 500'));
    },
    'xstate.done.actor.pauseConnection': async (ctx, event: { output: { ok: boolean; reason?: string } }) => {
      if (event.output.ok) {
        ctx.wire.clear(ops.pause);
        return serverNow(ctx, 'paused');
      }
      ctx.staged(`pausing refused: ${event.output.reason}`);
      ctx.wire.answerOnce(ops.pause, serverRefusal('conflict', event.output.reason!, refusalTexts[event.output.reason!]!));
    },
    'xstate.error.actor.pauseConnection': async (ctx) => ctx.wire.failOnce(ops.pause),
    'xstate.done.actor.resumeConnection': async (ctx, event: { output: { ok: boolean; reason?: string } }) => {
      if (event.output.ok) {
        ctx.wire.clear(ops.resume);
        return serverNow(ctx, 'active');
      }
      ctx.staged(`resuming refused: ${event.output.reason}`);
      ctx.wire.answerOnce(ops.resume, serverRefusal('conflict', event.output.reason!, refusalTexts[event.output.reason!]!));
    },
    'xstate.error.actor.resumeConnection': async (ctx) => ctx.wire.failOnce(ops.resume),
    'xstate.done.actor.disconnectConnection': async (ctx) => {
      ctx.wire.clear(ops.disconnect);
      serverNow(ctx, 'disconnected');
    },
    'xstate.error.actor.disconnectConnection': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce(ops.disconnect);
      ctx.staged('the server refused the reason');
      ctx.wire.answerOnce(ops.disconnect, validationRefusal('reason', 'maxLength:400', 'Use at most 400 characters'));
    },
  },
  delays: {
    'xstate.after.connectionPoll.': async (ctx) => ctx.page.clock.fastForward(connectionPoll),
  },
  isPassing: (snapshot) => snapshot.matches('loading'),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const step = selectStep(snapshot);
    if (step !== 'shown') return step;
    const { context } = snapshot;
    return `${context.connection.status.replace(' ', '-')}-${selectPanel(snapshot)}${context.refusal ? `-${context.refusal}` : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const step = selectStep(snapshot);
    if (step === 'notFound') return void (await expect(ctx.page.getByTestId('connection-not-found')).toContainText('Account or strategy not found.', now));
    if (step === 'loadFailed') return void (await expect(ctx.page.getByRole('alert')).toContainText('The connection could not be loaded.', now));
    const status = context.connection.status as string;
    await expect(page(ctx).getByRole('heading', { name: `Copying ${momentumAlts.name}` })).toBeVisible(now);
    await expect(page(ctx).locator('.mantine-Badge-label')).toHaveText(statusLabels[status]!, now);
    if (status === 'active') await expect(page(ctx).getByTestId('connection-note')).toHaveCount(0, now);
    else await expect(page(ctx).getByTestId('connection-note')).toHaveAttribute('data-status', status, now);
    const panel = selectPanel(snapshot);
    if (panel === 'settings') {
      await expect(settingsField(ctx, 'lotSize')).toHaveValue(context.values.lotSize, now);
      await expect(settingsField(ctx, 'drawdownLimit')).toHaveValue(context.values.drawdownLimit, now);
      for (const [field, code] of Object.entries(context.fieldErrors as Record<string, string>)) {
        await expect(settingsField(ctx, field as 'lotSize')).toHaveAccessibleDescription(fieldTexts[code] ?? /./, now);
      }
    } else if (panel === 'disconnect') {
      await expect(reasonField(ctx)).toHaveValue(context.reason, now);
      await expect(reasonField(ctx)).toHaveAccessibleDescription(new RegExp(`${context.reason.length} of 400 characters`), now);
      if (context.reasonError) await expect(reasonField(ctx)).toHaveAccessibleDescription(fieldTexts[context.reasonError]!, now);
    } else if (!snapshot.hasTag('busy')) {
      for (const [name, can] of [
        ['Settings', selectCanEdit(snapshot)],
        ['Pause', selectCanPause(snapshot)],
        ['Resume', selectCanResume(snapshot)],
        ['Disconnect', selectCanDisconnect(snapshot)],
      ] as const) {
        await expect(action(ctx, name)).toHaveCount(can ? 1 : 0, now);
      }
    }
    if (context.refusal && panel !== 'disconnect') await expect(ctx.page.getByTestId('connection-refusal')).toContainText(refusalTexts[context.refusal]!, now);
    else await expect(ctx.page.getByTestId('connection-refusal')).toHaveCount(0, now);
    if (context.error?.code === 'network' && ctx.before?.context.error !== context.error) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
