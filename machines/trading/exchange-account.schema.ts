// The exchange account form's rules (spec §3 Account, §5; domain/trading.ts): a name of at most 20 characters, an
// exchange the server offers, and exactly the credentials that exchange needs (a passphrase only where it uses one).
// Editing needs the name only; a new key, once any of its fields is typed, needs all of the exchange's fields. The
// form's guard and the reference server check the same schemas; messages are field codes (required, maxLength:20,
// choice, credential).
import * as v from 'valibot';
import type { AppError } from '../../domain/app-error';
import { accountInputSchema, accountUpdateSchema, credentialFields, givesNewKey, type CredentialField } from '../../domain/trading';
import type { AccountField, AccountFieldErrors, AccountValues, SaveAccountRequest } from './exchange-account.types';
import type { ExchangeAccountRow, ExchangeOption } from './trading.types';

export const blankAccountValues: AccountValues = { name: '', exchange: '', api_key: '', secret: '', passphrase: '' };

/** The values an edit starts from: the account's name and exchange, no key (a new one is optional). */
export const editValuesOf = (account: ExchangeAccountRow): AccountValues => ({ ...blankAccountValues, name: account.name, exchange: account.exchange });

export const chosenExchange = (exchanges: readonly ExchangeOption[], id: string) => exchanges.find((exchange) => exchange.id === id) ?? null;

/** The credential fields the form shows: exactly what the chosen exchange needs, in the contract's order; none
 * before an exchange is chosen. */
export function credentialFieldsOf(exchanges: readonly ExchangeOption[], exchangeId: string): CredentialField[] {
  const exchange = chosenExchange(exchanges, exchangeId);
  return exchange ? credentialFields.filter((field) => exchange.requiredCredentials.includes(field)) : [];
}

/** An edit sends a new key once any of the shown credential fields holds something. */
export const hasNewKey = (values: AccountValues, shown: readonly CredentialField[]) => givesNewKey(values, shown);

/** Every field's code for the form as it is (empty: it may be sent). */
export function accountErrors(mode: 'add' | 'edit', values: AccountValues, exchanges: readonly ExchangeOption[]): AccountFieldErrors {
  const shown = credentialFieldsOf(exchanges, values.exchange);
  const input = {
    name: values.name,
    exchange: values.exchange,
    api_key: shown.includes('api_key') ? values.api_key : null,
    secret: shown.includes('secret') ? values.secret : null,
    passphrase: shown.includes('passphrase') ? values.passphrase : null,
  };
  const schema =
    mode === 'add'
      ? accountInputSchema(exchanges.map((exchange) => exchange.id), shown)
      : accountUpdateSchema(shown, hasNewKey(values, shown));
  const result = v.safeParse(schema, input);
  const errors: AccountFieldErrors = {};
  if (!result.success) {
    for (const issue of result.issues) {
      const field = String(issue.path?.[0]?.key ?? '') as AccountField;
      // A credential field shows only once the exchange that needs it is chosen: the exchange's problem says so first.
      const onForm = field === 'name' || field === 'exchange' || (shown as readonly string[]).includes(field);
      if (onForm && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

export const hasErrors = (errors: AccountFieldErrors) => Object.keys(errors).length > 0;

/** What is sent for these values: the shown credentials trimmed (an edit without a new key sends none). */
export function requestOf(
  mode: 'add' | 'edit',
  values: AccountValues,
  exchanges: readonly ExchangeOption[],
  accountId: string | null,
): Omit<SaveAccountRequest, 'idempotencyKey'> {
  const shown = credentialFieldsOf(exchanges, values.exchange);
  const sendsKey = mode === 'add' || hasNewKey(values, shown);
  const credential = (field: CredentialField) => (sendsKey && shown.includes(field) ? values[field].trim() : null);
  return {
    accountId: mode === 'add' ? null : accountId,
    input: {
      name: values.name.trim(),
      exchange: values.exchange,
      api_key: credential('api_key'),
      secret: credential('secret'),
      passphrase: credential('passphrase'),
    },
  };
}

/** The codes a validation error of the server names, on the form's fields (the first of each). */
export function serverFieldErrors(error: AppError): AccountFieldErrors {
  const errors: AccountFieldErrors = {};
  if (error.code !== 'validation') return errors;
  for (const [name, codes] of Object.entries(error.fieldCodes ?? error.fields ?? {})) {
    const field = name.replace(/^input\./, '') as AccountField;
    if (field in blankAccountValues && codes[0]) errors[field] = codes[0];
  }
  return errors;
}
