// What the payments area's view tests share: an invoice as the invoice page's query answers it, and a query
// client that has it.
import { QueryClient } from '@tanstack/react-query';
import { invoiceQueryOptions, type Invoice } from '../../src/api/payments';

/** The invoice page's invoice (the order of tests/models/payments-fixtures.ts, unpaid unless changed). */
export const pageInvoice = (changes: Partial<Invoice> = {}): Invoice => ({
  id: '41',
  tag: 'INV-0041',
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
  upgrade: null,
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
  transfer_report: null,
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
  method_prices: null,
  ...changes,
});

/** A query client with the invoice page's invoice loaded (as the route's loader leaves it). */
export function invoicePageQueryClient(invoice: Invoice = pageInvoice()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(invoiceQueryOptions(invoice.id).queryKey, { invoice });
  return queryClient;
}
