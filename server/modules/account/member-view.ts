// The member as `me` shows them: the row, the sponsor (with contacts where the tenant shows them), the wallet
// balances, the unpaid invoices, the purchases and the tenant's platform subscription, in one statement.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import type { UserRow } from '../../context';
import { excludedWalletCurrencies } from '../../../domain/limits';
import { tenants } from '../shell/tables';
import { memberCommerceFrom, type MemberPurchaseRow } from '../tariffs/member-tariff';
import { subscriptionFrom } from '../app-status/service';
import { tenantOwners, tenantSubscriptions } from '../tariffs/tables';
import { users } from './tables';
import { byActiveFirst, linkingsSql, placeHolding, serviceView, usageOf } from '../trading/services';

export function obfuscateEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}${'*'.repeat(Math.max(3, local.length - shown.length))}@${domain}`;
}

export function obfuscatePhone(phone: string | null): string | null {
  if (!phone) return null;
  return `${phone.slice(0, 3)}${'*'.repeat(Math.max(3, phone.length - 5))}${phone.slice(-2)}`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type SponsorRow = Pick<UserRow, 'name' | 'avatar' | 'email' | 'telegram' | 'phone'>;

/** The sponsor's contacts only where the tenant shows the sponsor's profile (show_sponsor_profile). */
const toSponsor = (sponsor: SponsorRow, showContacts: boolean) => ({
  name: sponsor.name,
  avatar: sponsor.avatar,
  email: showContacts ? sponsor.email : null,
  telegram: showContacts ? sponsor.telegram : null,
  phone: showContacts ? sponsor.phone : null,
});

const showsSponsorProfile = sql<boolean>`coalesce((${tenants.flags}->>'show_sponsor_profile')::boolean, false)`;

/** The member's sponsor (who invited them), or null. */
export async function sponsorOf(db: Db, user: UserRow) {
  if (!user.sponsorId) return null;
  const [row] = await db
    .select({ sponsor: users, showContacts: showsSponsorProfile })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, user.tenantId))
    .where(eq(users.id, user.sponsorId))
    .limit(1);
  return row ? toSponsor(row.sponsor, Boolean(row.showContacts)) : null;
}

const sponsors = alias(users, 'sponsor');

const listedWalletCurrencies = sql.raw(excludedWalletCurrencies.map((code) => `'${code}'`).join(', '));

/**
 * Everything `me` shows beyond the viewer's own row, in one statement and one round trip (me is polled every
 * 15 s by every member; on PGlite each statement costs far more than its plan, on PostgreSQL a trip to the
 * pool): the sponsor and whether the tenant shows their contacts, the listed wallets (Decimal strings as
 * text, usdt_value computed in SQL), the unpaid invoice count, the purchases newest first with their tariff
 * level and upgrade flag (memberCommerce's columns), and the tenant's platform subscription
 * (tenantSubscription's columns). The rules on these rows stay with their areas (memberCommerceFrom,
 * subscriptionFrom).
 */
const memberViewRow = preparedFor((db) =>
  db
    .select({
      sponsor: { name: sponsors.name, avatar: sponsors.avatar, email: sponsors.email, telegram: sponsors.telegram, phone: sponsors.phone },
      showSponsorContacts: showsSponsorProfile,
      wallets: sql<WalletJson[] | null>`(select json_agg(json_build_object(
          'currency', w.currency, 'credit', w.credit::text, 'available', w.available::text, 'locked', w.locked::text,
          'withdrawn', w.withdrawn::text, 'created_at', w.created_at, 'symbol', c.symbol, 'icon', c.icon, 'type', c.type,
          'usdt_value', ((w.available + w.locked) * c.usdt_rate)::numeric(36,2)::text) order by w.id)
        from wallets w join currencies c on c.code = w.currency
        where w.user_id = ${users.id} and w.currency not in (${listedWalletCurrencies}))`,
      unpaidInvoices: sql<number>`(select count(*)::int from invoices i where i.user_id = ${users.id} and i.status = 'unpaid')`,
      // counts.projects: the crowdfunding projects the member holds a pending or active holding in.
      heldProjects: sql<number>`(select count(distinct h.project_id)::int from crowdfunding_holdings h
        where h.user_id = ${users.id} and h.status in ('pending', 'active'))`,
      // Exchange accounts (issue 31): those not disconnected count (counts.accounts, services' usage), on how many
      // exchanges; trading_balance is the connected ones' balances as last read, in USDT.
      heldAccounts: sql<number>`(select count(*)::int from exchange_accounts a where a.user_id = ${users.id} and a.status <> 'disconnected')`,
      heldExchanges: sql<number>`(select count(distinct a.exchange)::int from exchange_accounts a where a.user_id = ${users.id} and a.status <> 'disconnected')`,
      // Copy trading (issue 32): place-holding connections, linkings in use, and whether they run an active strategy.
      heldConnections: sql<number>`(select count(*)::int from copy_connections c where c.user_id = ${users.id} and c.status in (${placeHolding}))`,
      linkings: linkingsSql(users.id),
      botManager: sql<boolean>`exists(select 1 from strategies s where s.user_id = ${users.id} and s.status = 'active')`,
      tradingBalance: sql<string>`(select coalesce(sum(a.balance), 0)::text from exchange_accounts a
        where a.user_id = ${users.id} and a.status = 'connected' and a.balance_currency = 'USDT')`,
      services: sql<ServiceJson[] | null>`(select json_agg(json_build_object(
          'id', s.id, 'product_id', s.product_id, 'name', s.name, 'type', s.type, 'investor_accounts', s.investor_accounts,
          'linkings', s.linkings, 'exchanges', s.exchanges, 'trading_volume', s.trading_volume::text,
          'trading_volume_currency', s.trading_volume_currency, 'risk_management', s.risk_management, 'status', s.status,
          'activated_till', s.activated_till, 'created_at', s.created_at, 'updated_at', s.updated_at))
        from services s where s.user_id = ${users.id} and s.tenant_id = ${users.tenantId})`,
      purchases: sql<PurchaseJson[] | null>`(select json_agg(json_build_object(
          'uuid', p.uuid, 'product_id', p.product_id, 'active_till', p.active_till, 'billing_cycle', p.billing_cycle,
          'price', p.price::text, 'currency', p.currency, 'active_from', p.active_from, 'tariff_level', tp.level,
          'upgradable', exists(select 1 from tariff_upgrades tu join products t on t.id = tu.to_product_id
            where tu.from_product_id = p.product_id and t.status = 'active'),
          'name', pr.name, 'description', pr.description,
          'image', (select pi.url from product_images pi where pi.product_id = pr.id
            order by (pi.id = pr.default_image_id) desc, pi.sort_order, pi.id limit 1)) order by p.id desc)
        from purchases p left join products pr on pr.id = p.product_id left join tariff_products tp on tp.product_id = p.product_id
        where p.user_id = ${users.id})`,
      subscription: {
        available: tenants.subscriptionAvailable,
        switchedOn: tenants.subscriptionActive,
        period: tenantSubscriptions.period,
        activeTill: tenantSubscriptions.activeTill,
        trialTill: tenantSubscriptions.trialTill,
        owner: sql<boolean>`exists(select 1 from ${tenantOwners} o where o.tenant_id = ${tenants.id} and o.user_id = ${users.id})`,
      },
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(sponsors, eq(sponsors.id, users.sponsorId))
    .leftJoin(tenantSubscriptions, eq(tenantSubscriptions.tenantId, tenants.id))
    // No LIMIT: the member's id is the key, and a LIMIT parameter makes PostgreSQL plan the statement anew on every run.
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('member_view'),
);

/** A wallet as memberViewRow's json_agg gives it (timestamps arrive as ISO text). */
interface WalletJson {
  currency: string;
  credit: string;
  available: string;
  locked: string;
  withdrawn: string;
  created_at: string;
  symbol: string | null;
  icon: string | null;
  type: string;
  usdt_value: string;
}

interface PurchaseJson {
  uuid: string;
  product_id: number;
  active_till: string | null;
  billing_cycle: string;
  price: string;
  currency: string;
  active_from: string | null;
  tariff_level: number | null;
  upgradable: boolean;
  name: string | null;
  description: string | null;
  image: string | null;
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** A service as memberViewRow's json_agg gives it. */
interface ServiceJson {
  id: number;
  product_id: number | null;
  name: string;
  type: string | null;
  investor_accounts: number | null;
  linkings: number | null;
  exchanges: string[] | null;
  trading_volume: string | null;
  trading_volume_currency: string | null;
  risk_management: boolean | null;
  status: string;
  activated_till: string | null;
  created_at: string;
  updated_at: string;
}

const toServiceRow = (service: ServiceJson) => ({
  id: service.id,
  tenantId: 0,
  userId: 0,
  productId: service.product_id,
  name: service.name,
  type: service.type,
  investorAccounts: service.investor_accounts,
  linkings: service.linkings,
  exchanges: service.exchanges,
  tradingVolume: service.trading_volume,
  tradingVolumeCurrency: service.trading_volume_currency,
  riskManagement: service.risk_management,
  status: service.status,
  activatedTill: dateOrNull(service.activated_till),
  createdAt: new Date(service.created_at),
  updatedAt: new Date(service.updated_at),
});

const toPurchaseRow = (purchase: PurchaseJson): MemberPurchaseRow => ({
  purchase: {
    uuid: purchase.uuid,
    productId: purchase.product_id,
    activeTill: dateOrNull(purchase.active_till),
    billingCycle: purchase.billing_cycle,
    price: purchase.price,
    currency: purchase.currency,
    activeFrom: dateOrNull(purchase.active_from),
  },
  tariffLevel: purchase.tariff_level,
  upgradable: purchase.upgradable,
  name: purchase.name,
  description: purchase.description,
  image: purchase.image,
});

/** The member as the contract's User: the row, the sponsor and the wallet balances. */
export async function memberView(db: Db, user: UserRow) {
  const [row] = await memberViewRow(db).execute({ userId: user.id });
  const sponsor = row?.sponsor ? toSponsor(row.sponsor, Boolean(row.showSponsorContacts)) : null;
  const balances = (row?.wallets ?? []).map((wallet) => ({
    currency: wallet.currency,
    symbol: wallet.symbol,
    icon: wallet.icon,
    type: wallet.type,
    credit: wallet.credit,
    available: wallet.available,
    locked: wallet.locked,
    withdrawn: wallet.withdrawn,
    usdt_value: wallet.usdt_value,
    created_at: new Date(wallet.created_at).toISOString(),
  }));
  const commerce = memberCommerceFrom((row?.purchases ?? []).map(toPurchaseRow), row?.unpaidInvoices ?? 0);
  // A member deleted since the viewer was read has no row left: nothing more to show, as before.
  const subscription = row ? subscriptionFrom(row.subscription) : null;
  const usage = usageOf({ held: row?.heldAccounts ?? 0, exchanges: row?.heldExchanges ?? 0 }, row?.linkings ?? 0);
  const now = new Date();
  const services = (row?.services ?? []).map((service) => serviceView(toServiceRow(service), usage, now)).sort(byActiveFirst);
  return {
    id: user.id,
    uuid: user.uuid,
    reference_id: user.referenceId,
    refid: user.refid,
    name: user.name,
    avatar: user.avatar,
    obfuscated_email: obfuscateEmail(user.email),
    email: user.email,
    obfuscated_phone: obfuscatePhone(user.phone),
    phone: user.phone,
    country_code: user.countryCode,
    country_name: null,
    calling_code: null,
    kyc: null,
    twofa: Boolean(user.twofaSecret),
    twofa_method: user.twofaSecret ? user.twofaMethod : null,
    language: user.language,
    sponsor,
    rank: null,
    pack: null,
    free_pack: false,
    unpaid_invoices: commerce.unpaidInvoices,
    aiv_balance: null,
    telegram: user.telegram,
    messenger: null,
    telegram_group: null,
    allow_to_publish: false,
    support_verification_code: user.supportVerificationCode,
    counts: { projects: row?.heldProjects ?? 0, accounts: row?.heldAccounts ?? 0, bots: 0, connections: row?.heldConnections ?? 0 },
    is_bot_manager: Boolean(row?.botManager),
    is_ibo: false,
    vip_client: false,
    vip_client_valid_till: null,
    vip_partner: false,
    trader_wallet: null,
    aff_wallet: null,
    auto_register: user.autoRegister,
    provider_revenue: null,
    provider_profit: null,
    whitelabels_total: null,
    active_whitelabels_total: null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    trading_balance: { balance: row?.tradingBalance ?? '0', base_currency: 'USDT' },
    wallet_balance: balances,
    staking_wallet: null,
    services,
    security: {
      external_transactions_suspended: Boolean(user.externalTransactionsSuspendedAt),
      external_transactions_suspended_at: iso(user.externalTransactionsSuspendedAt),
      internal_transactions_suspended: Boolean(user.internalTransactionsSuspendedAt),
      internal_transactions_suspended_at: iso(user.internalTransactionsSuspendedAt),
      trading_suspended: Boolean(user.tradingSuspendedAt),
      trading_suspended_at: iso(user.tradingSuspendedAt),
    },
    subscription: subscription && {
      enabled: subscription.enabled,
      active: subscription.active,
      trial: subscription.trial,
      till: subscription.till,
      can_activate: subscription.can_activate,
    },
    purchase: commerce.purchase,
    purchases: commerce.purchases,
  };
}
