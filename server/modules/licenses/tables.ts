// Licenses (issue 30, spec §3 License request): which shop products carry licenses and how many each bought unit
// grants (and whether a request must name the broker's server), and the members' requests, pending until the
// operator accepts one (with its key) or declines it (with a reason), which frees the license again.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/tables';
import { products } from '../shop/tables';
import { tenants } from '../shell/tables';
import type { LicenseStatus } from '../../../domain/licenses';

export const licenseProducts = pgTable('license_products', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  licensesPerUnit: integer('licenses_per_unit').notNull(),
  /** A trading-platform license: the request names the broker's server. */
  needsServer: boolean('needs_server').notNull().default(false),
});

export const licenseRequests = pgTable(
  'license_requests',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    brokerAccount: text('broker_account').notNull(),
    brokerServer: text('broker_server'),
    comment: text('comment'),
    status: text('status').$type<LicenseStatus>().notNull().default('pending'),
    licenseKey: text('license_key'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('license_requests_member').on(t.userId, t.productId)],
);
