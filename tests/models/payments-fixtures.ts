// Invoices, gateways and transactions the payments area's models, machine tests and view walks share.
import type { CryptoPayment, InvoiceState, PaymentOptions } from '../../machines/payments/payments.types';

export const unpaidInvoice: InvoiceState = {
  id: '41',
  tag: 'INV-0041',
  kind: 'order',
  status: 'unpaid',
  currency: 'USDT',
  total: '49.90',
  fees: '0.00',
  amountPaid: '0',
  amountDue: '49.90',
  gateway: null,
  cryptoTransaction: null,
  transferReportedAt: null,
  payments: [],
  // What each method would charge, as the server tells before a choice (fees of the demo's rules).
  prices: [
    { method: 'balance', fees: '0.00', total: '49.90', amountDue: '49.90' },
    { method: 'coinpayments', fees: '0.25', total: '50.15', amountDue: '50.15' },
    { method: 'payport', fees: '1.75', total: '51.65', amountDue: '51.65' },
    { method: 'bank_transfer', fees: '1.00', total: '50.90', amountDue: '50.90' },
  ],
};

/** Enough in the balance to pay the invoice, and too little (30.00 of 49.90). */
export const enoughBalance = '100.00';
export const shortBalance = '30.00';

/** The gateway's fee added once a gateway is set. */
export const invoiceWithFee: InvoiceState = { ...unpaidInvoice, fees: '1.00', total: '50.90', amountDue: '50.90' };

/** Bank transfer chosen and reported ("I paid"), not yet confirmed by the bank. */
export const reportedInvoice: InvoiceState = { ...invoiceWithFee, gateway: 'bank_transfer', transferReportedAt: '2026-11-27T10:00:00.000Z' };

/** 40 arrived of 50.90: 10.90 still due. */
export const shortInvoice: InvoiceState = {
  ...invoiceWithFee,
  amountPaid: '40.00',
  amountDue: '10.90',
  payments: [{ gateway: 'coinpayments', amount: '40.00', currency: 'USDT', credited: '40.00', late: false }],
};

export const paidInvoice: InvoiceState = { ...invoiceWithFee, status: 'paid', amountPaid: '50.90', amountDue: '0' };
export const paidLateInvoice: InvoiceState = {
  ...paidInvoice,
  payments: [{ gateway: 'coinpayments', amount: '50.90', currency: 'USDT', credited: '50.90', late: true }],
};
export const canceledInvoice: InvoiceState = { ...unpaidInvoice, status: 'canceled' };

export const paymentOptions: PaymentOptions = {
  gateways: [
    {
      id: '1',
      module: 'coinpayments',
      name: 'CoinPayments',
      description: 'Pay with crypto',
      logo: null,
      type: 'crypto',
      automatic: true,
      guideUrl: null,
    },
    { id: '3', module: 'payport', name: 'Payport', description: 'Card payment', logo: null, type: 'fiat', automatic: true, guideUrl: null },
    {
      id: '5',
      module: 'bank_transfer',
      name: null,
      description: null,
      logo: null,
      type: 'fiat',
      automatic: false,
      guideUrl: null,
    },
  ],
  coins: {
    coinpayments: [
      { id: 'USDT.TRC20', code: 'USDT.TRC20', name: 'Tether (TRC20)', network: null, minimum: null },
      { id: 'BTC', code: 'BTC', name: 'Bitcoin', network: null, minimum: null },
    ],
    cpay: [],
  },
  bank: {
    name: 'Demo Portal Ltd',
    address: '1 Main Street',
    cardNumber: '4111 1111 1111 1111',
    swift: 'DEMOGB2L',
    iban: 'GB33BUKB20201555555555',
    bic: null,
    bankName: 'Demo Bank',
    bankAddress: '2 Bank Street',
  },
};

export const cryptoPayment: CryptoPayment = {
  amount: '50.90',
  currency: 'USDT.TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  txnId: 'CP-1',
  confirmsNeeded: 2,
  statusUrl: 'https://sandbox.example/status/CP-1',
  expiresAt: null,
};
