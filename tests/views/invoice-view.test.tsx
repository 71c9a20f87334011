// @vitest-environment jsdom
// The invoice page's canceled state: why the invoice was canceled (the server's cancel_reason: expired,
// replaced, stale, repriced) and, when something had been paid on it, that it is back in the balance; no Pay.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { invoiceQueryOptions, type Invoice } from '../../src/api/payments';
import { InvoiceView } from '../../src/features/payments/invoice-view';
import { renderView } from '../support/render';

const invoice = (changes: Partial<Invoice>): Invoice => ({
  id: '7',
  tag: 'INV-7',
  payee_logo: null,
  payee: 'Demo Portal',
  payer: 'Demo Member',
  fees: '0.00',
  taxes: '0.00',
  penalty: '0.00',
  total: '49.90',
  currency: 'USDT',
  status: 'unpaid',
  note: null,
  payment_gateway: null,
  due_date: '2026-11-20T12:00:00.000Z',
  date_paid: null,
  created_at: '2026-11-17T12:00:00.000Z',
  kind: 'order',
  subtotal: '49.90',
  discount: '0.00',
  amount_paid: '0.00',
  amount_due: '49.90',
  payment_deadline: null,
  cancel_reason: null,
  promocode: null,
  items: [
    {
      subject: 'Account Setup',
      amount: '49.90',
      currency: 'USDT',
      qty: 1,
      unit_price: '49.90',
      billing_cycle: null,
      product_id: '1',
    },
  ],
  crypto_transaction: null,
  payments: [],
  ...changes,
});

async function show(shown: Invoice) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(invoiceQueryOptions(shown.id).queryKey, { invoice: shown });
  renderView(
    <InvoiceView invoiceId={shown.id} pay={false} payment={{} as never} paymentInput={() => ({}) as never} supportLink={null} />,
    {
      queryClient,
    },
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
