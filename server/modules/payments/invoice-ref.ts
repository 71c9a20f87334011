// How a member names an invoice: by its id (12) or its tag (INV-0A1B2C3D4E5F, the /thankyou/{tag} reference).
// Parsed once, at the resolver edge; the services take the parsed reference.
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { invoices } from './tables';

export type InvoiceRef = { id: number } | { tag: string };

const idPattern = /^\d{1,9}$/;
const tagPattern = /^INV-[0-9A-F]{12}$/;

/** The invoice a text names, or null when it names none. */
export function parseInvoiceRef(text: string): InvoiceRef | null {
  const key = text.trim();
  if (idPattern.test(key)) return { id: Number.parseInt(key, 10) };
  if (tagPattern.test(key)) return { tag: key };
  return null;
}

/** An invoice argument (invoice_id, id): a numeric id or a tag, else the invalidId validation error. */
export const invoiceRefField = v.pipe(
  v.string('required'),
  v.check((text) => parseInvoiceRef(text) !== null, 'invalidId'),
  v.transform((text) => parseInvoiceRef(text)!),
);

/** The member's invoice the reference names, as a condition. */
export const ownInvoiceMatch = (userId: number, ref: InvoiceRef) =>
  and('id' in ref ? eq(invoices.id, ref.id) : eq(invoices.tag, ref.tag), eq(invoices.userId, userId));

/** The reference as text again (an idempotency key's request is recorded with it). */
export const refText = (ref: InvoiceRef): string => ('id' in ref ? String(ref.id) : ref.tag);
