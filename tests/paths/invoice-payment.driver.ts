// The invoice payment's model paths on the real invoice page: an order of the demo shop's e-book made into an
// invoice for the path (a new member with an empty balance where the path loads a short balance), the
// payment dialog driven by role and name, the server's sandbox gateways answering. A deposit for a short
// balance is made in its own dialogs and paid by bank transfer, confirmed by the provider. A short or paid
// confirmation is the provider's (/dev/gateway/confirm) once a gateway is set; a refusal the server cannot be
// brought to at that step (a gateway down, an invoice canceled or gone) is staged from its own answer.
import { expect, type Locator } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { subtract } from '../../domain/money';
import { exchangeRateLock, invoicePoll } from '../../domain/timing';
import { selectDetails, selectInlineError, selectStep } from '../../machines/payments/invoice-payment.selectors';
import { balanceShortfall } from '../../machines/payments/payment-rules';
import { invoicePaymentModel } from '../models/invoice-payment.model';
import { shortBalance } from '../models/payments-fixtures';
import { NotOnPage, serverRefusal, type MachineDriver, type PathContext } from './driver';
import { demoOrigin, whiteLabelUuid } from '../e2e/support';
import { hideTab, memberCall, placeOrder, showTab, signInFor, stageChange } from './support';

const dialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: /^Pay invoice/ });
const depositDialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Deposit funds' });
const button = (ctx: PathContext, name: string | RegExp): Locator => dialog(ctx).getByRole('button', { name }).last();

/** The model's fixture names for the demo tenant's gateways and coins (server/db/seed-commerce.ts). */
const methodNames: Record<string, string> = {
  balance: 'Balance (USDT)',
  coinpayments: 'CoinPayments',
  payport: 'PayPort',
  bank_transfer: 'Bank transfer',
};
const coinName = 'Tether USD (TRC20)';
const transferName = 'To the bank account (IBAN, SWIFT/BIC)';
const noticeTexts: Record<string, string> = {
  chooseGateway: 'Choose a payment gateway.',
  chooseCurrency: 'Choose a payment currency.',
  chooseTransferMethod: 'Choose how you make the transfer.',
};
const gatewayDown = serverRefusal('conflict', 'GatewayUnavailable', 'This payment gateway is temporarily unavailable.');
const balanceShort = serverRefusal('conflict', 'InsufficientBalance', 'Insufficient balance for an invoice.');

const radio = (ctx: PathContext, name: string) => async () => {
  await dialog(ctx).getByRole('radio', { name }).click();
};

const invoiceNow = async (ctx: PathContext) =>
  (
    await memberCall<{ invoice: { status: string; payment_gateway: string | null; amount_paid: string; amount_due: string } }>(
      ctx,
      'query ($id: ID!) { invoice(id: $id) { status payment_gateway amount_paid amount_due } }',
      { id: ctx.state.invoiceId },
    )
  ).invoice;

/** The provider confirms `amount` (default: all that is due) for the invoice's gateway, or it is staged. */
async function confirmPayment(ctx: PathContext, amount?: string) {
  const invoice = await invoiceNow(ctx);
  if (invoice.payment_gateway && invoice.payment_gateway !== 'balance') {
    const response = await ctx.request.post('/dev/gateway/confirm', {
      data: { invoice_id: ctx.state.invoiceId, ...(amount ? { amount } : {}) },
      headers: { connection: 'close' },
    });
    expect(response.ok(), `/dev/gateway/confirm answers ${response.status()}`).toBe(true);
    return;
  }
  // No gateway set on the invoice yet: nothing a provider could confirm.
  ctx.staged(amount ? `a payment of ${amount} arrived (no gateway set yet to confirm it)` : 'the invoice paid (no gateway set yet)');
  stageChange(ctx, 'Invoice', (invoice) =>
    amount
      ? { ...invoice, amount_paid: amount, amount_due: subtract(invoice.amount_due, amount) }
      : { ...invoice, status: 'paid', amount_paid: invoice.total, amount_due: '0' },
  );
}

/** The member chose the bank transfer and said I paid on it, through the API (another tab, say). */
async function reportTransferElsewhere(ctx: PathContext) {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  await memberCall(ctx, 'mutation ($uuid: ID!, $id: ID!) { setInvoiceGateway(whitelabel_uuid: $uuid, invoice_id: $id, gateway: "bank_transfer") { id } }', {
    uuid,
    id: ctx.state.invoiceId,
  });
  await memberCall(ctx, 'mutation ($id: ID!) { reportInvoiceTransfer(invoice_id: $id, transfer_method: "account") { id } }', { id: ctx.state.invoiceId });
}

/** Pays the invoice from the member's balance through the API (another tab, say). */
async function payElsewhere(ctx: PathContext) {
  await memberCall(ctx, 'mutation ($id: ID!, $key: String) { payFromBalance(invoice_id: $id, idempotency_key: $key) { status } }', {
    id: ctx.state.invoiceId,
    key: `paths-elsewhere-${Date.now()}`,
  });
}

export const invoicePaymentDriver: MachineDriver = {
  name: 'invoice-payment',
  model: invoicePaymentModel,
  operations: {
    loadPayment: 'Invoice',
    fetchInvoice: 'Invoice',
    setGateway: 'SetInvoiceGateway',
    payFromBalance: 'PayFromBalance',
    createTransaction: 'CoinPaymentsCreateTransaction',
    fetchLink: 'PayportLink',
    reportTransfer: 'ReportInvoiceTransfer',
    // Its own call: the shell's Me poll never takes the answer arranged for it.
    loadBalance: 'PaymentBalance',
  },
  async prepare(ctx) {
    const steps = ctx.path.path.steps.map((step) => step.event as { type: string; output?: { ok: boolean; reason?: string } });
    const needsEmptyBalance = steps.some(
      (event) => event.type === 'xstate.done.actor.loadPayment' && (event.output as { value?: { balance?: string } })?.value?.balance === shortBalance,
    );
    await signInFor(ctx, needsEmptyBalance ? 'empty' : 'demo');
    const { id, tag } = await placeOrder(ctx, 'Market Psychology E-book');
    ctx.state.invoiceId = id;
    ctx.state.tag = tag;
  },
  async open(ctx) {
    const { openAtOnce } = ctx.path.input as { openAtOnce: boolean };
    await ctx.page.goto(`/invoice/${ctx.state.invoiceId}${openAtOnce ? '?pay=true' : ''}`);
  },
  gestures: {
    'method.select': (ctx, event) => radio(ctx, methodNames[event.method]!)(),
    'method.continue': (ctx) => button(ctx, /^(Pay|Continue)$/).click(),
    'coin.select': (ctx) => radio(ctx, coinName)(),
    'coin.continue': (ctx) => button(ctx, 'Continue').click(),
    'step.back': (ctx) => button(ctx, 'Back').click(),
    'payment.sent': (ctx) => button(ctx, 'I paid').click(),
    'payment.confirmAnother': (ctx) => button(ctx, 'Pay another way').click(),
    'transfer.select': (ctx) => radio(ctx, transferName)(),
    'transaction.renew': (ctx) => button(ctx, 'Get a new address').click(),
    'transaction.retry': (ctx) => button(ctx, 'Try again').click(),
    'difference.pay': (ctx) => button(ctx, 'Pay the difference').click(),
    'deposit.start': (ctx) => button(ctx, /^Deposit /).click(),
    'load.retry': (ctx) => button(ctx, 'Try again').click(),
    'page.hidden': (ctx) => hideTab(ctx.page),
    'page.visible': (ctx) => showTab(ctx.page),
    'dialog.open': async (ctx) => {
      const pay = ctx.page.getByRole('main').getByRole('button', { name: /^Pay \$/ });
      if ((await ctx.page.getByTestId('invoice').textContent())?.includes('Canceled')) {
        await expect(pay).toHaveCount(0);
        throw new NotOnPage('The invoice page offers no Pay once the invoice is canceled; the model opens the dialog again.');
      }
      await pay.click();
    },
    'dialog.close': (ctx) => dialog(ctx).getByRole('button', { name: 'Close' }).first().click(),
  },
  answers: {
    'xstate.done.actor.loadPayment': async (ctx, event) => {
      const output = event.output as { ok: boolean; value?: { invoice: { status: string; transferReportedAt: string | null } } };
      if (!output.ok) {
        ctx.staged('no such invoice (the server cannot lose one)');
        return ctx.wire.stage('Invoice', () => ({ data: { invoice: null } }));
      }
      const status = output.value!.invoice.status;
      // The model loads a short balance again after a deposit of this path filled it: spent elsewhere meanwhile
      // (the dialog reads the member's Me; the read after the next deposit, PaymentBalance, is the member's own).
      if ((output.value as { balance?: string }).balance === shortBalance && ctx.state.deposited) {
        ctx.staged('the balance spent elsewhere since the deposit');
        const emptied = (wallet: { currency: string }) => (wallet.currency === 'USDT' ? { ...wallet, available: '0.00' } : wallet);
        ctx.wire.stage('Me', (answer) =>
          answer?.data?.me ? { ...answer, data: { me: { ...answer.data.me, wallet_balance: answer.data.me.wallet_balance.map(emptied) } } } : answer,
        );
      } else ctx.wire.clear('Me');
      if (status === 'paid') return payElsewhere(ctx);
      if (output.value!.invoice.transferReportedAt) await reportTransferElsewhere(ctx);
      if (status === 'canceled') {
        ctx.staged('the invoice canceled');
        return stageChange(ctx, 'Invoice', (invoice) => ({ ...invoice, status: 'canceled' }));
      }
      ctx.wire.clear('Invoice');
    },
    'xstate.error.actor.loadPayment': async (ctx) => ctx.wire.failOnce('Invoice'),
    'xstate.done.actor.fetchInvoice': async (ctx, event) => {
      const invoice = event.output as { status: string; amountPaid: string };
      if (invoice.status === 'canceled') {
        ctx.staged('the invoice canceled');
        return stageChange(ctx, 'Invoice', (answer) => ({ ...answer, status: 'canceled' }));
      }
      if (invoice.status === 'paid') return confirmPayment(ctx);
      if (ctx.state.short) return;
      ctx.state.short = true;
      await confirmPayment(ctx, '5.00');
    },
    'xstate.error.actor.fetchInvoice': async (ctx) => ctx.wire.failOnce('Invoice'),
    'xstate.done.actor.setGateway': async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('SetInvoiceGateway');
      ctx.staged('the gateway unavailable');
      ctx.wire.stage('SetInvoiceGateway', () => gatewayDown, true);
    },
    'xstate.error.actor.setGateway': async (ctx) => ctx.wire.failOnce('SetInvoiceGateway'),
    'xstate.done.actor.payFromBalance': async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('PayFromBalance');
      if (event.output.reason === 'InvoiceAlreadyPaid') return payElsewhere(ctx);
      // The balance was enough as the dialog opened (else Pay is not offered): spent elsewhere meanwhile.
      ctx.staged('the balance spent elsewhere since the dialog opened');
      ctx.wire.stage('PayFromBalance', () => balanceShort, true);
    },
    'xstate.error.actor.payFromBalance': async (ctx) => ctx.wire.failOnce('PayFromBalance'),
    'xstate.done.actor.createTransaction': async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('CoinPaymentsCreateTransaction');
      ctx.staged('the gateway unavailable');
      ctx.wire.stage('CoinPaymentsCreateTransaction', () => gatewayDown, true);
    },
    'xstate.error.actor.createTransaction': async (ctx) => ctx.wire.failOnce('CoinPaymentsCreateTransaction'),
    'xstate.done.actor.fetchLink': async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('PayportLink');
      ctx.staged('the gateway unavailable');
      ctx.wire.stage('PayportLink', () => gatewayDown, true);
    },
    'xstate.error.actor.fetchLink': async (ctx) => ctx.wire.failOnce('PayportLink'),
    'xstate.done.actor.reportTransfer': async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('ReportInvoiceTransfer');
      // Paid meanwhile (another tab): the server's own refusal.
      await payElsewhere(ctx);
    },
    'xstate.error.actor.reportTransfer': async (ctx) => ctx.wire.failOnce('ReportInvoiceTransfer'),
    // The balance read again after the deposit: the member's own (the deposit filled it), from this deposit on.
    'xstate.done.actor.loadBalance': async (ctx) => {
      ctx.wire.clear('Me');
      ctx.wire.clear('PaymentBalance');
    },
    'xstate.error.actor.loadBalance': async (ctx) => ctx.wire.failOnce('PaymentBalance'),
  },
  settles: {
    // The deposit ends paid (made in its dialog, paid by bank transfer, confirmed by the provider), or closed.
    'xstate.done.actor.deposit': async (ctx, event) => {
      if (!event.output.paid) return depositDialog(ctx).getByRole('button', { name: 'Cancel' }).click();
      await depositDialog(ctx).getByRole('button', { name: 'Continue' }).click();
      const payment = dialog(ctx);
      await payment.getByRole('radio', { name: 'Bank transfer' }).click();
      await payment.getByRole('button', { name: 'Continue' }).click();
      await expect(payment.getByTestId('copy-IBAN')).not.toBeEmpty();
      const { invoices } = await memberCall<{ invoices: { data: { id: string; kind: string; tag: string }[] } }>(
        ctx,
        '{ invoices(status: "unpaid", page: 1, count: 50) { data { id kind tag } } }',
      );
      const deposit = invoices.data.find((invoice) => invoice.kind === 'deposit');
      if (!deposit) throw new Error('No unpaid deposit invoice to confirm');
      const response = await ctx.request.post('/dev/gateway/confirm', { data: { invoice_id: deposit.id }, headers: { connection: 'close' } });
      expect(response.ok()).toBe(true);
      await ctx.page.clock.fastForward(invoicePoll);
      // The deposit ends once its poll sees it paid: its dialog goes, so the member's next gesture is on the
      // invoice's own dialog (both are "Pay invoice …").
      await expect(ctx.page.getByRole('dialog', { name: `Pay invoice ${deposit.tag}` })).toHaveCount(0);
      ctx.state.deposited = true;
    },
    'xstate.error.actor.deposit': async () => {
      throw new NotOnPage('The deposit flow never fails as a whole in the real app (it ends paid or closed); the model ends it with an error.');
    },
  },
  delays: {
    'xstate.after.invoicePoll.': async (ctx) => ctx.page.clock.fastForward(invoicePoll),
    'xstate.after.rateLock.': async (ctx) => ctx.page.clock.fastForward(exchangeRateLock + 1_000),
  },
  isPassing: (snapshot) => snapshot.hasTag('busy'),
  screenName: (snapshot) => screenOf(snapshot),
  async expectScreen(ctx, snapshot) {
    const step = selectStep(snapshot as never);
    const { page } = ctx;
    if (step === 'success') {
      await expect(page).toHaveURL(/\/thankyou\//, { timeout: 1 });
      return;
    }
    if (step === 'closed') {
      await expect(dialog(ctx)).toHaveCount(0, { timeout: 1 });
      await expect(page.getByTestId('invoice')).toBeVisible({ timeout: 1 });
      return;
    }
    const context = snapshot.context;
    const body = dialog(ctx);
    const now = { timeout: 1 };
    if (step === 'deposit') {
      // The deposit of what the balance lacks, in its own dialog with the amount filled in.
      await expect(body).toHaveCount(0, now);
      await expect(depositDialog(ctx).getByRole('textbox', { name: /^Amount/ })).toHaveValue(/^\d+$/, now);
      return;
    }
    await expect(body).toBeVisible(now);
    if (context.notice) await expect(body.getByTestId('payment-notice')).toHaveText(noticeTexts[context.notice]!, now);
    switch (step) {
      case 'loadFailed':
        await expect(body.getByRole('alert')).toHaveText('The invoice could not be loaded.', now);
        await expect(button(ctx, 'Try again')).toBeEnabled(now);
        break;
      case 'notFound':
        await expect(body.getByRole('alert')).toHaveText('Invoice not found.', now);
        break;
      case 'notPayable':
        await expect(body.getByRole('status')).toHaveText('This invoice can no longer be paid.', now);
        break;
      case 'method': {
        const group = body.getByRole('radiogroup', { name: 'Payment method' });
        await expect(group).toBeVisible(now);
        if (context.method) await expect(group.getByRole('radio', { name: methodNames[context.method] })).toBeChecked(now);
        await expect(body.getByTestId('payment-due')).toHaveText(/^To pay: \$\d+\.\d\d(, including the .+ fee of \$\d+\.\d\d)?$/, now);
        // Before a choice: each method's fee and total, and what the balance has available.
        await expect(body.getByTestId('payment-figures-balance')).toHaveText(
          /^Available: \$[\d\s,]+\.\d\d · (Fee \$\d+\.\d\d|No fee), total \$\d+\.\d\d$/,
          now,
        );
        await expect(body.getByTestId('payment-figures-coinpayments')).toHaveText(/^(Fee \$\d+\.\d\d|No fee), total \$\d+\.\d\d$/, now);
        if (context.method === 'balance' && balanceShortfall(context) !== null) {
          await expect(body.getByTestId('payment-balance-short')).toContainText('Insufficient balance for an invoice.', now);
          await expect(button(ctx, /^Deposit \$\d+\.00$/)).toBeEnabled(now);
        } else await expect(body.getByTestId('payment-balance-short')).toHaveCount(0, now);
        await expectInlineError(body, snapshot);
        break;
      }
      case 'confirm':
        await expect(body.getByTestId('payment-confirm-another')).toContainText('You reported a bank transfer on', now);
        await expect(button(ctx, 'Pay another way')).toBeEnabled(now);
        break;
      case 'currency': {
        const group = body.getByRole('radiogroup', { name: 'Payment currency' });
        await expect(group).toBeVisible(now);
        if (context.coin) await expect(group.getByRole('radio', { name: coinName })).toBeChecked(now);
        await expectInlineError(body, snapshot);
        break;
      }
      case 'details': {
        const details = selectDetails(snapshot as never);
        if (details === 'crypto' || details === 'lockEnded') {
          await expect(body.getByTestId('copy-Address')).not.toBeEmpty(now);
          if (details === 'crypto') await expect(body.getByTestId('rate-lock')).toHaveText(/^Rate locked for \d+:\d\d$/, now);
          else await expect(body.getByTestId('rate-lock-ended')).toContainText('The 15-minute rate lock has ended.', now);
        } else if (details === 'link') {
          await expect(body.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute('href', /^http/, now);
        } else if (details === 'bank') {
          await expect(body.getByTestId('copy-IBAN')).not.toBeEmpty(now);
          await expect(body.getByTestId('copy-Payment reference')).toHaveText(ctx.state.tag, now);
          if (context.transferMethod) await expect(body.getByRole('radio', { name: transferName })).toBeChecked(now);
        } else {
          await expect(body.getByRole('heading', { name: 'Unable to create the payment' })).toBeVisible(now);
          await expectInlineError(body, snapshot);
        }
        break;
      }
      case 'waiting':
        await expect(body.getByRole('status')).toHaveText(
          context.method === 'bank_transfer' ? /A bank transfer takes up to 3 banking days\./ : /Crypto payments usually arrive within 1-15 minutes\./,
          now,
        );
        break;
      case 'short':
        await expect(body.getByTestId('payment-short')).toContainText('Still due: $', now);
        await expect(button(ctx, 'Pay the difference')).toBeEnabled(now);
        break;
      default:
        throw new Error(`Unexpected step ${step}`);
    }
  },
};

/** A failed call's message is the notifier's; the dialog repeats it only where it gives more (a support link). */
async function expectInlineError(body: Locator, snapshot: AnyMachineSnapshot) {
  const inline = selectInlineError(snapshot as never);
  if (inline) await expect(body.getByTestId('payment-error')).not.toBeEmpty({ timeout: 1 });
  else await expect(body.getByTestId('payment-error')).toHaveCount(0, { timeout: 1 });
}

/** The screen a state shows: the dialog's step (the poll beside it shows nothing of its own). */
function screenOf(snapshot: AnyMachineSnapshot): string {
  const step = selectStep(snapshot as never);
  if (step !== 'details') return step;
  return `details-${selectDetails(snapshot as never)}`;
}
