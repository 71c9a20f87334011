// The sandbox adapter: answers every gateway module in development and tests with made-up addresses, a QR
// code and links to a local sandbox page, and speaks CoinPayments-style signed callbacks. Nothing leaves
// the machine. POST /dev/gateway/confirm plays the provider's confirmation through the real callback path.
import { randomBytes } from 'node:crypto';
import type { GatewayAdapter, TransactionRequest } from './types';
import { merchantOf, verifyIpn } from './ipn';

const newTxnId = (module: string) => `SBX-${module.slice(0, 3).toUpperCase()}-${randomBytes(9).toString('hex').toUpperCase()}`;

const pageUrl = (request: TransactionRequest, txnId: string) => `${request.origin}/gateways/sandbox/pay/${encodeURIComponent(txnId)}`;

export const sandboxAdapter: GatewayAdapter = {
  async createTransaction(request) {
    const txnId = newTxnId(request.module);
    return {
      txnId,
      address: `sandbox${request.coin.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}1${randomBytes(16).toString('hex')}`,
      confirmsNeeded: 3,
      checkoutUrl: pageUrl(request, txnId),
      statusUrl: `${pageUrl(request, txnId)}?status=1`,
      qrcodeUrl: `${request.origin}/gateways/sandbox/qr/${encodeURIComponent(txnId)}.svg`,
    };
  },
  async createLink(request) {
    const txnId = newTxnId(request.module);
    return { txnId, link: pageUrl(request, txnId) };
  },
  merchantOf,
  verifyCallback: verifyIpn,
};
