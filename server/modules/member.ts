// The signed-in member: me, userSettings.
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { currencies, tenants, users, wallets } from '../db/schema';
import { requireViewer, type UserRow } from '../context';
import type { Resolvers } from '../generated/resolvers-types';

/** Wallets in BTC and AIV are left out of the lists (spec §3, §9). */
const hiddenWalletCurrencies = ['BTC', 'AIV'];

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

async function walletBalances(db: Db, userId: number) {
  const rows = await db
    .select({
      currency: wallets.currency,
      symbol: currencies.symbol,
      icon: currencies.icon,
      type: currencies.type,
      credit: wallets.credit,
      available: wallets.available,
      locked: wallets.locked,
      withdrawn: wallets.withdrawn,
      usdt_value: sql<string>`((${wallets.available} + ${wallets.locked}) * ${currencies.usdtRate})::numeric(36,2)::text`,
      createdAt: wallets.createdAt,
    })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.code, wallets.currency))
    .where(and(eq(wallets.userId, userId), notInArray(wallets.currency, hiddenWalletCurrencies)))
    .orderBy(wallets.id);
  return rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() }));
}

export async function toUser(db: Db, user: UserRow) {
  const sponsor = user.sponsorId
    ? (await db.select().from(users).where(eq(users.id, user.sponsorId)).limit(1))[0]
    : undefined;
  const balances = await walletBalances(db, user.id);
  const main = balances.find((wallet) => wallet.currency === 'USDT');
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
    sponsor: sponsor
      ? { name: sponsor.name, avatar: sponsor.avatar, email: sponsor.email, telegram: sponsor.telegram, phone: sponsor.phone }
      : null,
    rank: null,
    pack: null,
    free_pack: false,
    unpaid_invoices: 0,
    aiv_balance: null,
    telegram: user.telegram,
    messenger: null,
    telegram_group: null,
    allow_to_publish: false,
    support_verification_code: user.supportVerificationCode,
    counts: { projects: 0, accounts: 0, bots: 0, connections: 0 },
    is_bot_manager: false,
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
    trading_balance: { balance: main?.available ?? '0', base_currency: 'USDT' },
    wallet_balance: balances,
    staking_wallet: null,
    services: [],
    security: {
      external_transactions_suspended: Boolean(user.externalTransactionsSuspendedAt),
      external_transactions_suspended_at: iso(user.externalTransactionsSuspendedAt),
      internal_transactions_suspended: Boolean(user.internalTransactionsSuspendedAt),
      internal_transactions_suspended_at: iso(user.internalTransactionsSuspendedAt),
      trading_suspended: Boolean(user.tradingSuspendedAt),
      trading_suspended_at: iso(user.tradingSuspendedAt),
    },
    subscription: null,
    purchase: null,
    purchases: [],
  };
}

export const memberResolvers: Resolvers = {
  Query: {
    async me(_parent, _args, context) {
      // A visitor without a token is simply nobody; a token that is no longer valid is an
      // authentication error, which the portal turns into "Session expired".
      if (!context.viewer && !context.hasToken) return null;
      return toUser(context.db, requireViewer(context).user);
    },
    /** The platform subscription of the member's tenant (enabled when offered, active when paid). */
    async whiteLabelUserActiveSubscription(_parent, _args, context) {
      const { user } = requireViewer(context);
      const [tenant] = await context.db.select().from(tenants).where(eq(tenants.id, user.tenantId)).limit(1);
      if (!tenant) return null;
      return { enabled: tenant.subscriptionAvailable, active: tenant.subscriptionActive, till: null };
    },
    async userSettings(_parent, _args, context) {
      const { user } = requireViewer(context);
      return {
        status: user.accountStatus,
        unpaid_trader_fee_invoices: user.unpaidTraderFeeInvoices,
        overdue_trader_fee_invoices: user.overdueTraderFeeInvoices,
      };
    },
  },
};
