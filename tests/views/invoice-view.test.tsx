// @vitest-environment jsdom
// The invoice page's canceled state: why the invoice was canceled (the server's cancel_reason: expired,
// replaced, stale, repriced) and, when something had been paid on it, that it is back in the balance; no Pay.
// And the payment dialog's support link, which it takes from the tenant.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback, fromPromise } from 'xstate';
import { invoicePaymentMachine } from '../../machines/payments/invoice-payment.machine';
import type { InvoicePaymentActors } from '../../machines/payments/invoice-payment.types';
import type { Invoice } from '../../src/api/payments';
import { InvoiceView } from '../../src/features/payments/invoice-view';
import { InvoicePaymentContext } from '../../src/features/payments/payments.contexts';
import { renderView, testTenant } from '../support/render';
import { paymentOptions, unpaidInvoice } from '../models/payments-fixtures';
import { invoicePageQueryClient, pageInvoice } from './payments-walk-support';
import { activateLocale } from '../../src/lib/i18n';

const invoice = (changes: Partial<Invoice>) => pageInvoice({ id: '7', tag: 'INV-7', ...changes });

async function show(shown: Invoice) {
  // The page's payment flow names the invoice; its dialog stays closed.
  renderView(
    <InvoicePaymentContext.Provider logic={invoicePaymentMachine} options={{ input: { invoiceId: shown.id, keyPrefix: 'pay-1', openAtOnce: false } }}>
      <InvoiceView />
    </InvoicePaymentContext.Provider>,
    { queryClient: invoicePageQueryClient(shown) },
  );
  await screen.findByTestId('invoice');
}

describe('a canceled invoice', () => {
  it.each([
    ['expired', 'This invoice was not paid by its due date and expired. Any promo code it used can be used again.'],
    ['replaced', 'A newer upgrade of the same tariff replaced this invoice.'],
    ['stale', 'Your tariff changed after this upgrade was priced. Start the upgrade again for a new price.'],
    ['repriced', 'The price changed after this invoice was issued, so a new invoice replaced it.'],
    [null, 'This invoice was canceled.'],
  ])('says why (%s), with no Pay button', async (reason, text) => {
    await show(invoice({ status: 'canceled', cancel_reason: reason }));
    expect(screen.getByTestId('invoice-cancel-reason')).toHaveTextContent(text);
    expect(screen.queryByText(/back in your balance/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('says that what was paid on it is back in the balance', async () => {
    await show(
      invoice({ status: 'canceled', cancel_reason: 'stale', kind: 'upgrade', amount_paid: '20.00', amount_due: '29.90' }),
    );
    expect(screen.getByTestId('invoice-cancel-reason')).toHaveTextContent(
      'What was paid on it ($20.00) is back in your balance.',
    );
  });

  it('an unpaid invoice shows no reason and offers Pay', async () => {
    await show(invoice({}));
    expect(screen.queryByTestId('invoice-cancel-reason')).toBeNull();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeInTheDocument();
  });
});

describe('the payment dialog', () => {
  it("links the tenant's Telegram support when a gateway is not available", async () => {
    const user = userEvent.setup();
    type IO<K extends keyof InvoicePaymentActors> = InvoicePaymentActors[K];
    const logic = invoicePaymentMachine.provide({
      actors: {
        loadPayment: fromPromise<IO<'loadPayment'>['output'], IO<'loadPayment'>['input']>(async () => ({
          ok: true,
          value: { invoice: unpaidInvoice, options: paymentOptions, balance: '100.00' },
        })),
        setGateway: fromPromise<IO<'setGateway'>['output'], IO<'setGateway'>['input']>(async () => ({
          ok: false,
          reason: 'GatewayUnavailable',
          error: { code: 'server', reason: 'GatewayUnavailable', message: 'This payment gateway is temporarily unavailable.' },
        })),
        watchPage: fromCallback(() => {}),
      },
      actions: { notifyFailure: () => notified() },
    });
    const notified = vi.fn();
    const tenant = { ...testTenant, whiteLabel: { ...testTenant.whiteLabel, telegram_support_id: '@demo_support' } };
    renderView(
      <InvoicePaymentContext.Provider logic={logic} options={{ input: { invoiceId: '41', keyPrefix: 'pay-1', openAtOnce: true } }}>
        <InvoiceView />
      </InvoicePaymentContext.Provider>,
      { tenant, queryClient: invoicePageQueryClient() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-0041' });
    await user.click(within(dialog).getByRole('radio', { name: 'Payport' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await within(dialog).findByTestId('payment-error');
    expect(alert).toHaveTextContent('This payment gateway is temporarily unavailable.');
    expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'https://t.me/demo_support');
    // The message is the notifier's too; the dialog repeats it for the support link it adds.
    expect(notified).toHaveBeenCalledTimes(1);
  });
});

describe("an upgrade invoice's line and note (issue 33)", () => {
  const upgrade = {
    from_product: 'Basic',
    to_product: 'Pro',
    new_price: '99.00',
    current_price: '49.00',
    days_left: 10,
    days_in_cycle: 30,
    credit: '16.33',
    difference: '82.67',
  };
  const upgradeInvoice = () =>
    invoice({ kind: 'upgrade', note: 'Pro 99.00 - credit 16.33 (Basic: 10 of 30 days left of 49.00 = 16.33) = 82.67', upgrade });

  it('are written from the figures in English', async () => {
    await show(upgradeInvoice());
    expect(within(screen.getByTestId('invoice-items')).getByText('Upgrade from Basic to Pro')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-note')).toHaveTextContent('Pro at $99.00, less $16.33 for Basic (10 of 30 days left of $49.00): $82.67');
  });

  it("are written in the member's language, never the server's English note", async () => {
    await activateLocale('uk');
    try {
      await show(upgradeInvoice());
      expect(within(screen.getByTestId('invoice-items')).getByText('Перехід з Basic на Pro')).toBeInTheDocument();
      expect(screen.getByTestId('invoice-note')).toHaveTextContent('Pro за 99,00 USD мінус 16,33 USD за Basic (залишилося 10 з 30 днів від 49,00 USD): 82,67 USD');
      expect(screen.getByTestId('invoice').textContent).not.toMatch(/credit|Upgrade from|days left/);
    } finally {
      await activateLocale('en');
    }
  });
});
