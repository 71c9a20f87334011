// What the trading drivers share: an exchange account of the path's member made through the API (the sandbox
// passes a `valid-` key), and a validation refusal in the server's own form.
import { demoOrigin, whiteLabelUuid } from '../e2e/support';
import type { PathContext } from './driver';
import { memberCall } from './support';

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

/** A validation refusal naming `field` with `code`, as the server sends it (server/errors.ts). */
export const validationRefusal = (field: string, code: string, message: string) => ({
  data: null,
  errors: [{ message: 'Invalid input.', extensions: { category: 'validation', fields: { [field]: [message] }, codes: { [field]: [code] } } }],
});
