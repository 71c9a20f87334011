// HTTP routes of the gateways: POST /gateways/{module}/callback (the provider's signed notification, verified
// before anything changes), and while the sandbox answers, its payment page and QR code:
// GET /gateways/sandbox/pay/{txn_id} and GET /gateways/sandbox/qr/{txn_id}.svg.
import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import { handleGatewayCallback } from '../modules/payments/callbacks';
import { sandboxTransaction } from '../modules/payments/sandbox';
import { sandboxEnabled } from './index';

const maxBody = 64 * 1024;

async function readRaw(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBody) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** numeric(36,8) as people write it: 51.65000000 -> 51.65. */
const plain = (amount: string) => amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function sandboxPage(row: NonNullable<Awaited<ReturnType<typeof sandboxTransaction>>>, devControls: boolean) {
  const { txn } = row;
  const amount = `${escapeHtml(plain(txn.amount))} ${escapeHtml(txn.coin)}`;
  const what = txn.address ? `Send <b>${amount}</b> to <code>${escapeHtml(txn.address)}</code>` : `Pay <b>${amount}</b>`;
  const confirm = devControls
    ? `<form method="post" action="/dev/gateway/confirm"><input type="hidden" name="invoice_id" value="${row.invoiceId}"><button>Confirm the payment (sandbox)</button></form>`
    : '<p>Confirmations come from the provider.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox payment ${escapeHtml(row.tag)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem"><main>
<h1>Sandbox ${escapeHtml(txn.gateway)} payment</h1><p>Invoice ${escapeHtml(row.tag)}: ${escapeHtml(row.status)}. Transaction ${escapeHtml(txn.txnId)}: ${escapeHtml(txn.status)}.</p>
<p>${what}.</p><p>Rate locked until ${escapeHtml(txn.expiresAt.toISOString())}.</p>${confirm}</main></body></html>`;
}

/** Answers a /gateways/* request; false when the path is not one of them. */
export async function handleGatewayRoute(db: Db, config: ServerConfig, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const callback = /^\/gateways\/([a-z_]+)\/callback$/.exec(url.pathname);
  if (callback && request.method === 'POST') {
    const raw = await readRaw(request);
    const result = raw === null ? { status: 413, body: { result: 'too_large' } } : await handleGatewayCallback(db, config, callback[1]!, raw, { hmac: request.headers.hmac as string | undefined });
    response.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(result.body));
    return true;
  }
  const page = /^\/gateways\/sandbox\/(pay|qr)\/([A-Za-z0-9-]{1,64})(\.svg)?$/.exec(url.pathname);
  if (page && request.method === 'GET' && sandboxEnabled(config)) {
    const row = await sandboxTransaction(db, page[2]!);
    if (!row || (page[1] === 'qr') !== Boolean(page[3])) return false;
    if (page[1] === 'qr') {
      const svg = await QRCode.toString(row.txn.address ?? row.txn.link ?? row.txn.txnId, { type: 'svg', margin: 1 });
      response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
      response.end(svg);
      return true;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(sandboxPage(row, !config.production));
    return true;
  }
  return false;
}
