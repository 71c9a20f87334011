// The license request form's rules (spec §3 License request; domain/licenses.ts): a product of the member's with
// licenses left, the broker account number, the broker's server when the product needs one, and a comment. The
// form's guard and the reference server check the same schema; messages are field codes (required, choice,
// brokerAccount, minLength:3, ...).
import * as v from 'valibot';
import { licenseRequestSchema } from '../../domain/licenses';
import type { AppError } from '../../domain/app-error';
import type { LicenseField, LicenseFieldErrors, LicenseProduct, LicenseRequestValues } from './license-request.types';

/** The contract's name of each field (LicenseRequestInput). */
export const licenseContractFields: Readonly<Record<LicenseField, string>> = {
  productId: 'product_id',
  brokerAccount: 'broker_account',
  brokerServer: 'broker_server',
  comment: 'comment',
};

export const blankLicenseValues: LicenseRequestValues = { productId: '', brokerAccount: '', brokerServer: '', comment: '' };

/** The products a request may name now: bought, with licenses left. */
export const choosableProducts = (products: readonly LicenseProduct[]) => products.filter((product) => product.licensesLeft > 0);

/** The product the form starts on: the only one that can be chosen, else none. */
export function defaultProductId(products: readonly LicenseProduct[]): string {
  const choosable = choosableProducts(products);
  return choosable.length === 1 ? choosable[0]!.id : '';
}

export const chosenProduct = (products: readonly LicenseProduct[], productId: string) =>
  choosableProducts(products).find((product) => product.id === productId) ?? null;

/** What is sent for these values: the server only when the product needs it, a blank comment as none. */
export function requestOf(values: LicenseRequestValues, products: readonly LicenseProduct[]) {
  const needsServer = chosenProduct(products, values.productId)?.needsServer ?? false;
  return {
    productId: values.productId,
    brokerAccount: values.brokerAccount.trim(),
    brokerServer: needsServer ? values.brokerServer.trim() : null,
    comment: values.comment.trim() === '' ? null : values.comment.trim(),
  };
}

const fieldOfContract = Object.fromEntries(Object.entries(licenseContractFields).map(([field, name]) => [name, field])) as Record<string, LicenseField>;

/** Every field's code for the form as it is (empty: it may be sent). */
export function licenseRequestErrors(values: LicenseRequestValues, products: readonly LicenseProduct[]): LicenseFieldErrors {
  const errors: LicenseFieldErrors = {};
  const product = chosenProduct(products, values.productId);
  if (!product) errors.productId = values.productId === '' ? 'required' : 'choice';
  const result = v.safeParse(licenseRequestSchema(product?.needsServer ?? false), {
    product_id: values.productId,
    broker_account: values.brokerAccount,
    broker_server: product?.needsServer ? values.brokerServer : null,
    comment: values.comment,
  });
  if (!result.success) {
    for (const issue of result.issues) {
      const field = fieldOfContract[String(issue.path?.[0]?.key ?? '')];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

export const hasErrors = (errors: LicenseFieldErrors) => Object.keys(errors).length > 0;

/** The codes a validation error of the server names, on the form's fields (the first of each). */
export function serverFieldErrors(error: AppError): LicenseFieldErrors {
  const errors: LicenseFieldErrors = {};
  for (const [name, codes] of Object.entries(error.fieldCodes ?? {})) {
    const field = fieldOfContract[name.replace(/^input\./, '')];
    if (field && codes[0]) errors[field] = codes[0];
  }
  return errors;
}
