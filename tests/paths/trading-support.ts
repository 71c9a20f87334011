// What the trading drivers share: an exchange account of the path's member made through the API (the sandbox
// passes a `valid-` key), and a validation refusal in the server's own form.
import { demoOrigin, whiteLabelUuid } from '../e2e/support';
import type { Route } from '@playwright/test';
import { operationOf, type PathContext } from './driver';
import { memberCall } from './support';

/** A sandbox key that passes every check, new to the server (one account per key), ending in `last4`. */
export const freshValidKey = (last4: string) => `valid-${crypto.randomUUID().slice(0, 8)}-${last4}`;

/** The path's member's account on `exchange`, made as the form would (its id). */
export async function makeAccount(ctx: PathContext, name: string, exchange: string, apiKey: string): Promise<string> {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { myAccountCreate } = await memberCall<{ myAccountCreate: { id: string } }>(
    ctx,
    'mutation ($uuid: ID!, $input: ExchangeAccountInput!) { myAccountCreate(whitelabel_uuid: $uuid, input: $input) { id } }',
    { uuid, input: { name, exchange, api_key: apiKey, secret: 'path-secret-1', passphrase: exchange === 'okx' ? 'path-phrase-1' : null } },
  );
  return myAccountCreate.id;
}

/**
 * The next save of the page (`operation`) goes to the server with its typed key made new to it: a `valid-` key the
 * model types would be taken by the first path that saved it (the server keeps one account per key).
 */
export async function freshKeyOnSave(ctx: PathContext, operation: string) {
  const handler = async (route: Route) => {
    if (operationOf(route) !== operation) return route.fallback();
    await ctx.page.unroute('**/graphql', handler);
    const body = route.request().postDataJSON() as { variables: { input: { api_key?: string | null } } };
    const typed = body.variables.input.api_key;
    if (typed) body.variables.input.api_key = freshValidKey(typed.slice(-4));
    await route.fallback({ postData: JSON.stringify(body) });
  };
  await ctx.page.route('**/graphql', handler);
}

/** A validation refusal naming `field` with `code`, as the server sends it (server/errors.ts). */
export const validationRefusal = (field: string, code: string, message: string) => ({
  data: null,
  errors: [{ message: 'Invalid input.', extensions: { category: 'validation', fields: { [field]: [message] }, codes: { [field]: [code] } } }],
});
