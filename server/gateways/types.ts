// One interface for every payment gateway (DESIGN §6): make a crypto transaction or a payment link, and read
// a callback only after its signature is verified. The payments service keeps the money rules; an adapter
// only speaks the provider's protocol.

/** Gateway modules of spec §3. */
export const gatewayModules = ['coinpayments', 'cpay', 'prodamus', 'payport', 'bank_transfer'] as const;
export type GatewayModule = (typeof gatewayModules)[number];
export const isGatewayModule = (value: string): value is GatewayModule => (gatewayModules as readonly string[]).includes(value);

export interface TransactionRequest {
  module: GatewayModule;
  merchantId: string;
  invoiceId: number;
  invoiceTag: string;
  /** What to send, in `coin`. */
  amount: string;
  coin: string;
  /** Where this server answers (absolute links for the sandbox page and QR code). */
  origin: string;
}

export interface CreatedTransaction {
  txnId: string;
  address: string;
  confirmsNeeded: number;
  checkoutUrl: string;
  statusUrl: string;
  qrcodeUrl: string;
}

export interface CreatedLink {
  txnId: string;
  link: string;
}

/** A verified callback, in the provider's terms. */
export interface CallbackEvent {
  merchantId: string;
  txnId: string;
  /** The invoice id the transaction was made for, as the provider echoes it. */
  invoiceId: string | null;
  /** CoinPayments' scale: below 0 failed, 0-99 pending, 100 and above complete. */
  status: number;
  /** What arrived, in `coin`. */
  receivedAmount: string;
  coin: string;
  /** The fields as received, for the callback log (they hold no secret). */
  fields: Record<string, string>;
}

export interface GatewayAdapter {
  createTransaction(request: TransactionRequest): Promise<CreatedTransaction>;
  createLink(request: TransactionRequest): Promise<CreatedLink>;
  /** The merchant a callback names, read before verification only to pick the secret. */
  merchantOf(rawBody: string): string | null;
  /** The event, or null when the signature does not match the raw body. */
  verifyCallback(rawBody: string, headers: Record<string, string | undefined>, secret: string): CallbackEvent | null;
}
