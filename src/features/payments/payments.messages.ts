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

/**
 * A gateway's name where the tenant gives none (display_name empty) or only its module is known (the invoice
 * page names the fee's gateway): what it takes, with the provider's brand as it is.
 */
export const gatewayModuleText: Record<GatewayModule, MessageDescriptor> = {
  coinpayments: msg`Crypto (CoinPayments)`,
  cpay: msg`Crypto (CPay)`,
  prodamus: msg`Card (Prodamus)`,
  payport: msg`Card (PayPort)`,
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
