// What the licenses spec and the license request's path driver share: a member of the test's own who bought a
// product that carries licenses (through the shop, paid by bank transfer as the provider confirms it), and the
// member's requests as the server holds them.
import type { APIRequestContext, Page } from '@playwright/test';
import { e2ePort } from '../../playwright.config';
import { demoOrigin, devControl, runnerHeaders, whiteLabelUuid } from './support';

/** A GraphQL call from the test runner as the member with `token`. */
export async function tokenCall<T>(page: Page, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post(`http://localhost:${e2ePort}/graphql`, {
    headers: { ...runnerHeaders, origin: demoOrigin, authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data || answer.errors) throw new Error(`${query.slice(0, 60)} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** Portfolio Tracker Pro (3 licenses a unit) or Copy-Trading Access (1, naming the broker's server), bought monthly and paid. */
export async function buyLicensedProduct(page: Page, request: APIRequestContext, token: string, name: 'Portfolio Tracker Pro' | 'Copy-Trading Access') {
  const uuid = await whiteLabelUuid(page, demoOrigin);
  const { moduleProducts } = await tokenCall<{ moduleProducts: { id: string; name: string }[] }>(page, token, 'query ($uuid: ID!) { moduleProducts(whitelabel_uuid: $uuid) { id name } }', { uuid });
  const product = moduleProducts.find((entry) => entry.name === name)!;
  await tokenCall(
    page,
    token,
    'mutation ($uuid: ID!, $product: ID!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $uuid, product_id: $product, input: { qty: 1, billing_cycle: "monthly" }) { status } }',
    { uuid, product: product.id },
  );
  const { moduleProductsShopingCart: cart } = await tokenCall<{ moduleProductsShopingCart: { id: string } }>(
    page,
    token,
    'query ($uuid: ID!) { moduleProductsShopingCart(whitelabel_uuid: $uuid) { id } }',
    { uuid },
  );
  const { moduleProductsCreateInvoice: invoices } = await tokenCall<{ moduleProductsCreateInvoice: { id: string }[] }>(
    page,
    token,
    'mutation ($order: ID!, $key: String) { moduleProductsCreateInvoice(order_id: $order, idempotency_key: $key) { id } }',
    { order: cart.id, key: `licenses-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  );
  const invoice = invoices[0]!;
  await tokenCall(page, token, 'mutation ($uuid: ID!, $id: ID!) { setInvoiceGateway(whitelabel_uuid: $uuid, invoice_id: $id, gateway: "bank_transfer") { id } }', {
    uuid,
    id: invoice.id,
  });
  await devControl(request, '/dev/gateway/confirm', { invoice_id: invoice.id });
}

/** The member's license requests, newest first. */
export async function licenseRequestsOf(page: Page, token: string) {
  const uuid = await whiteLabelUuid(page, demoOrigin);
  const { moduleLicenseRequests } = await tokenCall<{ moduleLicenseRequests: { requests: { id: string; status: string; broker_account: string }[] } }>(
    page,
    token,
    'query ($uuid: ID!) { moduleLicenseRequests(whitelabel_uuid: $uuid) { requests { id status broker_account } } }',
    { uuid },
  );
  return moduleLicenseRequests.requests;
}
