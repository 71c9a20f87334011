// The payments pages' addresses (/invoice/{id}?pay=true, /invoices?status=&page=): the route files check their
// search params with these, so they come with the router on every first load. Nothing here may pull in the
// payment flows, their machines or the cart's (src/app/flows/payments.ts holds those, loaded with the pages).
import * as v from 'valibot';
import { invoiceStatuses } from '../../../machines/payments/payments.types';

/** /invoice/{id}?pay=true opens the payment dialog (tariffs and the cart's checkout come this way). */
export const invoiceSearchSchema = v.object({
  pay: v.fallback(v.optional(v.boolean()), undefined),
});

/** /invoices?status=unpaid&page=2 */
export const invoicesSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(invoiceStatuses)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});
