// The deposit's model paths from the header's Deposit button: step 1 (currency and amount) against the real
// depositFunds, then the invoice payment the deposit continues into, paid by bank transfer and confirmed by
// the provider (/dev/gateway/confirm) where the model says it ends paid. The demo member has wallets; a
// member without them (no currency to choose), or with crypto wallets only, is the demo member with its wallets
// (or its fiat ones) staged away on the wire. A deposit for an invoice's payment starts on the invoice page of
// a new member with an empty balance: Balance, then the Deposit the short balance offers.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { invoicePoll, mePoll } from '../../domain/timing';
import { depositModel } from '../models/deposit.model';
import { NotOnPage, serverRefusal, type MachineDriver, type PathContext } from './driver';
import { memberCall, placeOrder, signInFor } from './support';

const depositDialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Deposit funds' });
const paymentDialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: /^Pay invoice/ });
const amountField = (ctx: PathContext) => depositDialog(ctx).getByRole('textbox', { name: /^Amount/ });
const currencyField = (ctx: PathContext) => depositDialog(ctx).getByRole('combobox', { name: 'Currency' });
const amountMessages: Record<string, (currency: string) => string> = {
  required: () => 'Enter the amount',
  min: (currency) => `The minimum amount is 10 ${currency}`,
  max: (currency) => `The maximum amount is 50000 ${currency}`,
};

/** The header's idea of the member's wallets, as the Deposit button reads it when clicked. */
async function showWallets(ctx: PathContext, event: { hasWallets: boolean; fiatCurrencies: string[] }) {
  // The demo member has fiat wallets (EUR) and crypto ones: all of them, the crypto ones only, or none.
  const kind = !event.hasWallets ? 'none' : event.fiatCurrencies.length ? 'all' : 'crypto';
  if ((ctx.state.wallets ?? 'all') === kind) return;
  if (kind === 'all') ctx.wire.clear('Me');
  else {
    ctx.staged(kind === 'none' ? 'a member without wallets (the demo member has some)' : 'a member with crypto wallets only (the demo member has a EUR one)');
    const keep = (wallet: { type: string }) => kind === 'crypto' && wallet.type !== 'fiat';
    ctx.wire.stage('Me', (answer) =>
      answer?.data?.me ? { ...answer, data: { me: { ...answer.data.me, wallet_balance: answer.data.me.wallet_balance.filter(keep) } } } : answer,
    );
  }
  // The header reads the member again at its next poll.
  const answered = ctx.page.waitForResponse((response) => /query Me\b/.test(response.request().postData() ?? ''));
  await ctx.page.clock.fastForward(mePoll);
  await answered;
  ctx.state.wallets = kind;
}

const forPayment = (ctx: PathContext) => Boolean((ctx.path.input as { forPayment?: unknown }).forPayment);

export const depositDriver: MachineDriver = {
  name: 'deposit',
  model: depositModel,
  operations: { depositFunds: 'DepositFunds' },
  async prepare(ctx) {
    await signInFor(ctx, forPayment(ctx) ? 'empty' : 'demo');
    if (forPayment(ctx)) ctx.state.invoiceId = (await placeOrder(ctx, 'Market Psychology E-book')).id;
  },
  async open(ctx) {
    if (forPayment(ctx)) {
      // 19.99 to pay and nothing in the balance: Deposit $20.00.
      await ctx.page.goto(`/invoice/${ctx.state.invoiceId}?pay=true`);
      await paymentDialog(ctx).getByRole('radio', { name: 'Balance (USDT)' }).click();
      await paymentDialog(ctx).getByRole('button', { name: 'Deposit $20.00' }).click();
      return;
    }
    await ctx.page.goto('/dashboard');
    await expect(ctx.page.getByRole('banner').getByRole('button', { name: 'Deposit' })).toBeEnabled();
  },
  gestures: {
    'dialog.open': async (ctx, event) => {
      await showWallets(ctx, event);
      await ctx.page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click();
    },
    'amount.change': (ctx, event) => amountField(ctx).fill(event.value),
    'currency.select': async (ctx, event) => {
      // Choosing the currency already chosen changes nothing.
      if ((await currencyField(ctx).inputValue()) === event.currency) return;
      await currencyField(ctx).click();
      await ctx.page.getByRole('option', { name: event.currency }).click();
    },
    'deposit.submit': (ctx) => depositDialog(ctx).getByRole('button', { name: 'Continue' }).click(),
    'dialog.close': async (ctx) => {
      const dialog = ctx.page.getByRole('dialog');
      const done = dialog.getByRole('button', { name: 'Done' });
      await ((await done.count()) ? done : dialog.getByRole('button', { name: 'Close' }).first()).click();
    },
  },
  answers: {
    'xstate.done.actor.depositFunds': async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('DepositFunds');
      ctx.staged('the amount refused for the currency');
      const message = event.output.error.message;
      const refusal = serverRefusal('validation', 'AmountOutOfRange', message);
      ctx.wire.stage('DepositFunds', () => ({ ...refusal, errors: [{ message, extensions: { ...refusal.errors[0]!.extensions, fields: { amount: [message] } } }] }), true);
    },
    'xstate.error.actor.depositFunds': async (ctx) => ctx.wire.failOnce('DepositFunds'),
  },
  settles: {
    // The payment the deposit continues into ends when paid: by bank transfer, confirmed by the provider.
    'xstate.done.actor.payment': async (ctx) => {
      // Already paid (the model ends the payment again): nothing more happens on the page.
      if (ctx.before?.matches({ open: { paying: 'paid' } })) return;
      const dialog = paymentDialog(ctx);
      await dialog.getByRole('radio', { name: 'Bank transfer' }).click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByTestId('copy-IBAN')).not.toBeEmpty();
      const { invoices } = await memberCall<{ invoices: { data: { id: string; kind: string; status: string }[] } }>(
        ctx,
        '{ invoices(status: "unpaid", page: 1, count: 50) { data { id kind status } } }',
      );
      const deposit = invoices.data.find((invoice) => invoice.kind === 'deposit');
      if (!deposit) throw new Error('No unpaid deposit invoice to confirm');
      const response = await ctx.request.post('/dev/gateway/confirm', { data: { invoice_id: deposit.id }, headers: { connection: 'close' } });
      expect(response.ok()).toBe(true);
      await ctx.page.clock.fastForward(invoicePoll);
    },
    'xstate.error.actor.payment': async () => {
      throw new NotOnPage('The payment flow never fails as a whole in the real app (its errors are its own states); the model ends it with an error.');
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot) => (snapshot.matches({ open: { paying: 'paid' } }) ? 'open.paying.paid' : stateName(snapshot)),
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('returned')) {
      // Back in the invoice's payment: its dialog, without the deposit's.
      await expect(depositDialog(ctx)).toHaveCount(0, now);
      await expect(paymentDialog(ctx).getByRole('radiogroup', { name: 'Payment method' })).toBeVisible(now);
      return;
    }
    if (snapshot.matches('closed')) {
      await expect(ctx.page.getByRole('dialog')).toHaveCount(0, now);
      await expect(ctx.page.getByRole('banner').getByRole('button', { name: 'Deposit' })).toBeEnabled(now);
      return;
    }
    if (snapshot.matches({ open: 'paying' })) {
      await expect(depositDialog(ctx)).toHaveCount(0, now);
      if (snapshot.matches({ open: { paying: 'paid' } })) {
        await expect(paymentDialog(ctx).getByRole('status')).toContainText('Paid. Thank you!', now);
        await expect(paymentDialog(ctx).getByRole('button', { name: 'Done' })).toBeEnabled(now);
      } else await expect(paymentDialog(ctx)).toBeVisible(now);
      return;
    }
    await expect(amountField(ctx)).toHaveValue(context.amount, now);
    if (context.currencies.length) await expect(currencyField(ctx)).toHaveValue(context.currency, now);
    else await expect(currencyField(ctx)).toHaveCount(0, now);
    if (context.amountError) await expect(depositDialog(ctx).getByText(amountMessages[context.amountError]!(context.currency))).toBeVisible(now);
    // An amount the server refused shows beside the field; any other failed call is the notifier's alone.
    if (context.error?.fields?.amount) await expect(amountField(ctx)).toHaveAccessibleDescription(/./, now);
    await expect(depositDialog(ctx).getByRole('alert')).toHaveCount(0, now);
  },
};

function stateName(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([key, child]) => `${key}.${typeof child === 'string' ? child : Object.keys(child as object)[0]}`).join('+');
}
