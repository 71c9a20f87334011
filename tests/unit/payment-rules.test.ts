// What the payment dialog's method step shows to pay (payment-rules' dueWith), as the server charges it:
// paying from the balance has no fee, so a fee a gateway tried before added to the invoice does not count.
import { describe, expect, it } from 'vitest';
import { dueWith } from '../../machines/payments/payment-rules';
import { invoiceWithFee, shortInvoice, unpaidInvoice } from '../models/payments-fixtures';

// Prodamus's 3.5 % set on a 49.90 invoice, then the member goes back to the method step.
const withProdamusFee = { ...invoiceWithFee, gateway: 'prodamus', fees: '1.75', total: '51.65', amountDue: '51.65' };

describe('the amount the method step shows', () => {
  it('is the amount due without a fee when paying from the balance', () => {
    expect(dueWith(withProdamusFee, 'balance')).toBe('49.9');
    expect(dueWith(unpaidInvoice, 'balance')).toBe('49.9');
  });

  it("keeps the fee of the gateway set on the invoice, and leaves out another gateway's (set on Continue)", () => {
    expect(dueWith(withProdamusFee, 'prodamus')).toBe('51.65');
    expect(dueWith(withProdamusFee, 'bank_transfer')).toBe('49.9');
    expect(dueWith(withProdamusFee, null)).toBe('49.9');
  });

  it('counts what has arrived, and is never below zero', () => {
    // 40 arrived of 50.90 with a 1.00 fee: 9.90 from the balance.
    expect(dueWith({ ...shortInvoice, gateway: 'coinpayments' }, 'balance')).toBe('9.9');
    expect(dueWith({ ...shortInvoice, gateway: 'coinpayments' }, 'coinpayments')).toBe('10.90');
    expect(dueWith({ ...withProdamusFee, amountPaid: '51.00', amountDue: '0.65' }, 'balance')).toBe('0');
  });
});
