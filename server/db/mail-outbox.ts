// The outbox of server/mail.ts: cross-area infrastructure, like the mail module itself.
import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Mail as sent; the dev mailbox (GET /dev/mailbox) reads it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to').on(t.to)],
);
