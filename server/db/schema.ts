// Every table of the reference server, one barrel: each area keeps its tables in
// server/modules/<area>/tables.ts (DESIGN §2, §6). drizzle-kit (`npm run db:generate`) reads this file to
// generate server/db/migrations, which are applied at start on PGlite and PostgreSQL alike; db/client.ts
// types the database with it.
export * from '../modules/shell/tables';
export * from '../modules/account/tables';
export * from '../modules/wallet/tables';
export * from '../modules/auth/tables';
export * from '../modules/app-status/tables';
export * from '../modules/learning/tables';
export * from '../modules/shop/tables';
export * from '../modules/payments/tables';
export * from '../modules/tariffs/tables';
export * from './mail-outbox';
export * from './rate-limits';
export { idempotencyKeys } from './idempotency';
export * from '../modules/cms/tables';
export * from '../modules/affiliates/tables';
export * from '../modules/investments/tables';
export * from '../modules/merchants/tables';
export * from '../modules/crowdfunding/tables';
export * from '../modules/lotteries/tables';
export * from '../modules/deals/tables';
export * from '../modules/licenses/tables';
export * from '../modules/roadmap/tables';
export * from '../modules/trading/tables';
export * from '../modules/trading/copy-tables';
