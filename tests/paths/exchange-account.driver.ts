// Adding or editing an exchange account: the model's paths on the Demo Portal's real /my-accounts (adding, as a new
// member on the Free Plan) and /my-account/{id} (editing the member's "Binance main", made through the API with a
// sandbox key ending a1b2). A save that goes through is the server's own (the model types a `valid-` key, which the
// sandbox passes; made new to the server on the wire, which keeps one account per key). What the server would answer otherwise at that step is staged without reaching it, so no key
// check or account is spent: a refused key, maintenance, the services' limit, a field the server refuses; a failed
// call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { checkOutcome, isKeyRefusal, keyChecks } from '../../domain/trading';
import { credentialFieldsOf } from '../../machines/trading/exchange-account.schema';
import { exchangeAccountModel } from '../models/exchange-account.model';
import { demoOrigin } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { answerUnsent, notice, signInFor } from './support';
import { freshKeyOnSave, freshValidKey, makeAccount, validationRefusal } from './trading-support';

const labels = { name: /^Account name/, api_key: /^API key/, secret: /^Secret/, passphrase: /^Passphrase/ } as const;
const drawer = (ctx: PathContext) => ctx.page.getByRole('dialog');
const field = (ctx: PathContext, name: keyof typeof labels) => drawer(ctx).getByLabel(labels[name]);
const exchangeField = (ctx: PathContext) => drawer(ctx).getByRole('combobox', { name: /^Exchange/ });
const submitButton = (ctx: PathContext) => drawer(ctx).getByRole('button', { name: /^(Check and add|Check and save|Save)$/ });
const operationOf = (ctx: PathContext) => (ctx.state.mode === 'add' ? 'TradingAccountCreate' : 'TradingAccountUpdate');

const refusalTexts: Record<string, string> = {
  ApiKeyInvalid: 'API key invalid on an account connection: create a new key and edit the account.',
  ExchangeMaintenance: 'The exchange is in maintenance. Nothing was saved: try again later.',
  AccountLimitReached: 'Your services allow no more exchange accounts. Upgrade your tariff to add one.',
};

export const exchangeAccountDriver: MachineDriver = {
  name: 'exchange-account',
  model: exchangeAccountModel,
  // Answers follow their calls at once: nothing is held (an edit's call is TradingAccountUpdate).
  operations: { saveAccount: 'TradingAccountCreate' },
  async prepare(ctx) {
    ctx.state.mode = (ctx.path.input as { mode: 'add' | 'edit' }).mode;
    await signInFor(ctx, 'empty');
    if (ctx.state.mode === 'edit') ctx.state.accountId = await makeAccount(ctx, 'Binance main', 'binance', freshValidKey('a1b2'));
  },
  async open(ctx) {
    await ctx.page.goto(ctx.state.mode === 'add' ? `${demoOrigin}/my-accounts` : `${demoOrigin}/my-account/${ctx.state.accountId}`);
  },
  gestures: {
    'form.open': (ctx) => ctx.page.getByRole('main').getByRole('button', { name: /^(Add account|Edit)$/ }).click(),
    'form.cancel': (ctx) => drawer(ctx).getByRole('button', { name: 'Cancel' }).click(),
    'field.change': async (ctx, event: { field: string; value: string }) => {
      if (event.field === 'exchange') return void (await exchangeField(ctx).selectOption(event.value));
      await field(ctx, event.field as keyof typeof labels).fill(event.value);
    },
    'account.submit': (ctx) => submitButton(ctx).click(),
  },
  answers: {
    'xstate.done.actor.saveAccount': async (ctx, event: { output: { ok: boolean; reason?: string } }) => {
      if (event.output.ok) {
        ctx.wire.clear(operationOf(ctx));
        if (ctx.state.mode === 'add') {
          ctx.staged('the typed key is made new to the server (it keeps one account per key)');
          await freshKeyOnSave(ctx, operationOf(ctx));
        }
        return;
      }
      const reason = event.output.reason!;
      ctx.staged(`the exchange or the services refused the key: ${reason}`);
      await answerUnsent(ctx, operationOf(ctx), serverRefusal('conflict', reason, refusalTexts[reason] ?? reason));
    },
    'xstate.error.actor.saveAccount': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce(operationOf(ctx));
      ctx.staged('the server refused the name');
      await answerUnsent(ctx, operationOf(ctx), validationRefusal('input.name', 'maxLength:20', 'Use at most 20 characters'));
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.matches('checking'),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const { context } = snapshot;
    const fields = Object.keys(context.fieldErrors);
    return `${context.mode}-${String(snapshot.value)}${context.values.exchange ? `-${context.values.exchange}` : ''}${context.refusal ? `-${context.refusal}` : ''}${fields.length ? `-${fields.join('-')}` : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('done')) {
      await expect(ctx.page).toHaveURL(/\/my-account\/[^/]+$/, now);
      await expect(ctx.page.getByTestId('account-page').getByRole('heading', { name: context.values.name.trim() })).toBeVisible(now);
      return;
    }
    if (snapshot.matches('closed')) {
      await expect(ctx.page.getByRole('dialog')).toHaveCount(0, now);
      await expect(ctx.page.getByRole('main').getByRole('button', { name: context.mode === 'add' ? 'Add account' : 'Edit' })).toBeVisible(now);
      if (context.mode === 'edit') await expect(ctx.page.getByTestId('account-page').getByRole('heading', { name: context.values.name })).toBeVisible(now);
      return;
    }
    await expect(drawer(ctx)).toHaveAccessibleName(context.mode === 'add' ? 'Add an exchange account' : 'Edit the account', now);
    await expect(field(ctx, 'name')).toHaveValue(context.values.name, now);
    if (context.mode === 'add') await expect(exchangeField(ctx)).toHaveValue(context.values.exchange, now);
    const shown = credentialFieldsOf(context.exchanges, context.values.exchange);
    for (const name of ['api_key', 'secret', 'passphrase'] as const) {
      if (shown.includes(name)) await expect(field(ctx, name)).toHaveValue(context.values[name], now);
      else await expect(drawer(ctx).getByLabel(labels[name])).toHaveCount(0, now);
    }
    for (const name of Object.keys(context.fieldErrors)) {
      const input = name === 'exchange' ? exchangeField(ctx) : field(ctx, name as keyof typeof labels);
      await expect(input).toHaveAttribute('aria-invalid', 'true', now);
    }
    if (isKeyRefusal(context.refusal)) {
      const { passed, failed } = checkOutcome(context.refusal);
      for (const check of keyChecks) {
        const state = passed.includes(check) ? 'passed' : check === failed ? 'failed' : 'notReached';
        await expect(drawer(ctx).getByTestId(`key-check-${check}`)).toHaveAttribute('data-state', state, now);
      }
      await expect(drawer(ctx).getByTestId('key-check-reason')).toHaveText(refusalTexts[context.refusal]!, now);
    } else await expect(drawer(ctx).getByTestId('key-checklist')).toHaveCount(0, now);
    if (context.refusal && !isKeyRefusal(context.refusal)) await expect(drawer(ctx).getByTestId('account-refusal')).toContainText(refusalTexts[context.refusal]!, now);
    else await expect(drawer(ctx).getByTestId('account-refusal')).toHaveCount(0, now);
    if (context.error && context.error.code === 'network') await expect(notice(ctx).first()).toBeVisible(now);
    await expect(submitButton(ctx)).toBeEnabled(now);
  },
};
