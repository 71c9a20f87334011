// Texts of the payments area's codes: invoice statuses, gateway modules, notices, transfer methods.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PaymentNotice } from '../../../machines/payments/invoice-payment.types';
import type { GatewayModule, InvoiceStatus, TransferMethod } from '../../../machines/payments/payments.types';

export const invoiceStatusText: Record<InvoiceStatus, MessageDescriptor> = {
  unpaid: msg`Unpaid`,
  paid: msg`Paid`,
  canceled: msg`Canceled`,
  refunded: msg`Refunded`,
};

export const noticeText: Record<PaymentNotice, MessageDescriptor> = {
  chooseGateway: msg`Choose a payment gateway.`,
  chooseCurrency: msg`Choose a payment currency.`,
  chooseTransferMethod: msg`Choose how you make the transfer.`,
};

/** A gateway module's name where only the module is known (the invoice page names the fee's gateway): the
 * brands as they are, the bank transfer translated. */
export const gatewayModuleText: Record<GatewayModule, MessageDescriptor> = {
  coinpayments: { id: 'CoinPayments' },
  cpay: { id: 'Cpay' },
  prodamus: { id: 'Prodamus' },
  payport: { id: 'PayPort' },
  bank_transfer: msg`Bank transfer`,
};

export const transferMethodText: Record<TransferMethod, MessageDescriptor> = {
  account: msg`To the bank account (IBAN, SWIFT/BIC)`,
  card: msg`To the card number`,
};

export const billingCycleText: Record<string, MessageDescriptor> = {
  onetime: msg`One-time`,
  monthly: msg`Monthly`,
  quartally: msg`Quarterly`,
  semiannually: msg`Every 6 months`,
  annually: msg`Yearly`,
};
