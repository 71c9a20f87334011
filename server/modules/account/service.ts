// The member's own records: the member view (me), sponsor, profile with avatar, language, staking wallet,
// two-factor activation with its email code, and the login history.
import { and, count, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import type { Context, UserRow, Viewer } from '../../context';
import { appError, validationError } from '../../errors';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { checkCode, issueCode, secondsUntilResend } from '../../security/email-codes';
import { checkTotp, newTotpSecret } from '../../security/totp';
import { excludedWalletCurrencies, maxCodeAttempts } from '../../../machines/shared/limits';
import { twoFaResendWait } from '../../../machines/shared/timing';
import { findTenantById, hasModule, tenantFlag, tenantName } from '../shell/service';
import { loginAttempts, sessions } from '../auth/tables';
import { currencies, wallets } from '../wallet/tables';
import { memberCommerce } from '../shop/service';
import { avatars, stakingWallets, users } from './tables';

// ---------------------------------------------------------------- the member view

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

const toSponsor = (sponsor: SponsorRow) => ({
  name: sponsor.name,
  avatar: sponsor.avatar,
  email: sponsor.email,
  telegram: sponsor.telegram,
  phone: sponsor.phone,
});

/** The member's sponsor (who invited them), or null. */
export async function sponsorOf(db: Db, user: UserRow) {
  if (!user.sponsorId) return null;
  const [sponsor] = await db.select().from(users).where(eq(users.id, user.sponsorId)).limit(1);
  return sponsor ? toSponsor(sponsor) : null;
}

const sponsors = alias(users, 'sponsor');

/**
 * The sponsor and the wallet balances in one round trip (`me` is polled every 15 s): the member's row
 * left-joined with the sponsor and the listed wallets, one row per wallet (one row with no wallet when
 * there is none). Balances stay Decimal strings; usdt_value is computed in SQL.
 */
const sponsorAndWalletRows = preparedFor((db) =>
  db
    .select({
      sponsor: { name: sponsors.name, avatar: sponsors.avatar, email: sponsors.email, telegram: sponsors.telegram, phone: sponsors.phone },
      wallet: {
        currency: wallets.currency,
        credit: wallets.credit,
        available: wallets.available,
        locked: wallets.locked,
        withdrawn: wallets.withdrawn,
        createdAt: wallets.createdAt,
      },
      symbol: currencies.symbol,
      icon: currencies.icon,
      type: currencies.type,
      usdtValue: sql<string>`((${wallets.available} + ${wallets.locked}) * ${currencies.usdtRate})::numeric(36,2)::text`,
    })
    .from(users)
    .leftJoin(sponsors, eq(sponsors.id, users.sponsorId))
    .leftJoin(wallets, and(eq(wallets.userId, users.id), notInArray(wallets.currency, [...excludedWalletCurrencies])))
    .leftJoin(currencies, eq(currencies.code, wallets.currency))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(wallets.id)
    .prepare('member_sponsor_and_wallets'),
);

async function sponsorAndWallets(db: Db, user: UserRow) {
  const rows = await sponsorAndWalletRows(db).execute({ userId: user.id });
  const balances = rows.flatMap(({ wallet, symbol, icon, type, usdtValue }) =>
    wallet
      ? [
          {
            currency: wallet.currency,
            symbol,
            icon,
            // Every wallet has its currency row (foreign key), so the joined columns are there.
            type: type!,
            credit: wallet.credit,
            available: wallet.available,
            locked: wallet.locked,
            withdrawn: wallet.withdrawn,
            usdt_value: usdtValue,
            created_at: wallet.createdAt.toISOString(),
          },
        ]
      : [],
  );
  const sponsor = rows[0]?.sponsor;
  return { sponsor: sponsor ? toSponsor(sponsor) : null, balances };
}

/** The member as the contract's User: the row, the sponsor and the wallet balances. */
export async function memberView(db: Db, user: UserRow) {
  const [{ sponsor, balances }, commerce] = await Promise.all([sponsorAndWallets(db, user), memberCommerce(db, user.id)]);
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
    purchase: commerce.purchase,
    purchases: commerce.purchases,
  };
}

// ---------------------------------------------------------------- profile

/** Avatars arrive as 150×150 images (limits.ts `avatar.size`) in data URLs; anything much bigger is not one. */
export const maxAvatarBytes = 200 * 1024;

function readAvatar(dataUrl: string): { contentType: string; data: string } {
  const match = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw validationError({ avatar: ['imageType'] });
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > maxAvatarBytes) throw validationError({ avatar: ['imageSize'] });
  // The bytes must be what the type says: PNG or JPEG signatures.
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!(match[1] === 'image/png' ? png : jpeg)) throw validationError({ avatar: ['imageType'] });
  return { contentType: match[1]!, data: match[2]! };
}

export interface ProfileChanges {
  name?: string | null | undefined;
  avatar?: string | null | undefined;
  phone?: string | null | undefined;
  telegram?: string | null | undefined;
  support_verification_code?: string | null | undefined;
  language?: string | null | undefined;
}

/** Saves the member's profile; the name only where the tenant allows editing it, the avatar as a stored image. */
export async function updateProfile(db: Db, user: UserRow, input: ProfileChanges) {
  const tenant = await findTenantById(db, user.tenantId);
  if (input.name != null && input.name !== user.name && !(tenant && tenantFlag(tenant, 'allow_edit_name'))) {
    throw validationError({ name: ['notAllowed'] });
  }
  const avatar = input.avatar ? readAvatar(input.avatar) : null;
  await db.transaction(async (tx) => {
    let avatarUrl = user.avatar;
    if (avatar) {
      const [stored] = await tx.insert(avatars).values({ userId: user.id, ...avatar }).returning({ id: avatars.id });
      avatarUrl = `/avatars/${stored!.id}`;
    }
    await tx
      .update(users)
      .set({
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
        ...(input.telegram !== undefined ? { telegram: input.telegram || null } : {}),
        ...(input.support_verification_code ? { supportVerificationCode: input.support_verification_code } : {}),
        ...(input.language ? { language: input.language } : {}),
        avatar: avatarUrl,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  });
  return { id: user.id, name: input.name ?? user.name };
}

export async function setLanguage(db: Db, userId: number, language: string) {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** GET /avatars/{id}: a member's avatar image. */
export async function readAvatarImage(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [avatar] = await db.select().from(avatars).where(eq(avatars.id, id)).limit(1);
  return avatar ? { contentType: avatar.contentType, bytes: Buffer.from(avatar.data, 'base64') } : null;
}

// ---------------------------------------------------------------- staking wallet

const toStakingWallet = (row: typeof stakingWallets.$inferSelect) => ({
  id: row.id,
  wallet_address: row.walletAddress,
  symbol: row.symbol,
  token_amount: row.tokenAmount,
  price_in_usdt: row.priceInUsdt,
  staking_amount: row.stakingAmount,
  status: row.status,
  type: row.type,
  aiv_balance: null,
  verification_started_at: null,
  verified_at: null,
  verification_wallet: null,
});

/** The member's staking wallet in the named tenant: null unless it is the member's tenant and has staking. */
export async function stakingWalletOf(db: Db, user: UserRow, tenantId: number) {
  if (tenantId !== user.tenantId || !(await hasModule(db, tenantId, 'staking'))) return null;
  const [wallet] = await db.select().from(stakingWallets).where(eq(stakingWallets.userId, user.id)).limit(1);
  return wallet ? toStakingWallet(wallet) : null;
}

export async function saveStakingWalletAddress(db: Db, user: UserRow, walletAddress: string) {
  if (!(await hasModule(db, user.tenantId, 'staking'))) {
    throw appError('forbidden', 'The staking module is not available.');
  }
  await db
    .insert(stakingWallets)
    .values({ userId: user.id, walletAddress })
    .onConflictDoUpdate({ target: stakingWallets.userId, set: { walletAddress, updatedAt: new Date() } });
}

// ---------------------------------------------------------------- two-factor

export const twoFaMethods = ['google2fa'] as const;
export type TwoFaMethod = (typeof twoFaMethods)[number];
/** Wrong authenticator codes that void an activation attempt: the same 5 attempts a mailed code allows. */
export const maxActivationFailures = maxCodeAttempts;

const alreadyOn = () => appError('conflict', 'Two-factor authentication is already on.', { reason: 'TwoFaAlreadyOn' });

const wrongCode = (field: 'email_verification_code' | 'twofa_verification_code') =>
  appError('validation', 'Incorrect verification code. The code must be 6 characters.', {
    reason: 'TwoFaCodeError',
    fields: { [field]: ['Incorrect verification code. The code must be 6 characters.'] },
  });

/** Enabling or disabling two-factor ends the member's other sessions. */
async function endOtherSessions(db: Db, userId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** Mails the email code of a two-factor change, at most once per resend wait. */
export async function sendTwoFaEmailCode(context: Context, user: UserRow) {
  const wait = await secondsUntilResend(context.db, user.id, 'twofa', twoFaResendWait);
  if (wait > 0) {
    throw appError('rate_limited', `Please wait ${wait} s before asking for another code.`, {
      reason: 'TooManyAttempts',
      retryAfterSeconds: wait,
    });
  }
  const { code } = await issueCode(context.db, user.id, 'twofa');
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('twoFaCode', mailLanguage(user.language), { tenant: await tenantName(context.db, user.tenantId), code }),
  });
}

/** A fresh secret at every activation; the old attempt (and its wrong codes) is forgotten. */
export async function startTwoFaActivation(db: Db, user: UserRow, method: TwoFaMethod) {
  if (user.twofaSecret) throw alreadyOn();
  const secret = newTotpSecret();
  await db.update(users).set({ twofaPendingSecret: secret, twofaPendingFailures: 0 }).where(eq(users.id, user.id));
  return { secret, name: await tenantName(db, user.tenantId), email: user.email, method };
}

export interface TwoFaCodes {
  method: TwoFaMethod;
  email_verification_code: string;
  twofa_verification_code: string;
}

export async function activateTwoFa(db: Db, { user, sessionId }: Viewer, input: TwoFaCodes) {
  if (user.twofaSecret) throw alreadyOn();
  if (!user.twofaPendingSecret) {
    throw appError('conflict', 'Start the activation again.', { reason: 'TwoFaNotStarted' });
  }
  if (!input.email_verification_code) throw validationError({ email_verification_code: ['required'] });
  // The authenticator code first: a wrong one counts against the attempt and leaves the email code usable.
  const step = checkTotp(user.twofaPendingSecret, input.twofa_verification_code, null);
  if (step === null) {
    const failures = user.twofaPendingFailures + 1;
    const voided = failures >= maxActivationFailures;
    await db
      .update(users)
      .set(voided ? { twofaPendingSecret: null, twofaPendingFailures: 0 } : { twofaPendingFailures: failures })
      .where(eq(users.id, user.id));
    if (voided) {
      throw appError('conflict', 'Too many wrong codes. Start the activation again.', { reason: 'TwoFaNotStarted' });
    }
    throw wrongCode('twofa_verification_code');
  }
  const emailCheck = await checkCode(db, user.id, 'twofa', input.email_verification_code);
  if (emailCheck === 'expired') {
    throw appError('validation', 'The code has expired or was used up. Ask for a new one.', {
      reason: 'CodeExpired',
      fields: { email_verification_code: ['The code has expired or was used up. Ask for a new one.'] },
    });
  }
  if (emailCheck === 'wrong') throw wrongCode('email_verification_code');
  await db
    .update(users)
    .set({
      twofaSecret: user.twofaPendingSecret,
      twofaMethod: input.method,
      twofaLastStep: step,
      twofaPendingSecret: null,
      twofaPendingFailures: 0,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  await endOtherSessions(db, user.id, sessionId);
}

export async function deactivateTwoFa(db: Db, { user, sessionId }: Viewer, input: TwoFaCodes) {
  if (!user.twofaSecret) throw appError('conflict', 'Two-factor authentication is off.', { reason: 'TwoFaAlreadyOff' });
  const step = checkTotp(user.twofaSecret, input.twofa_verification_code, user.twofaLastStep);
  if (step === null) throw wrongCode('twofa_verification_code');
  await db
    .update(users)
    .set({ twofaSecret: null, twofaMethod: null, twofaLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await endOtherSessions(db, user.id, sessionId);
}

// ---------------------------------------------------------------- login history

/** The member's own sign-in attempts, newest first, one page. */
export async function loginHistoryPage(db: Db, userId: number, page: number, perPage: number) {
  const [{ total = 0 } = {}] = await db.select({ total: count() }).from(loginAttempts).where(eq(loginAttempts.userId, userId));
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.userId, userId))
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((row) => ({
      browser_name: row.browserName,
      platform_name: row.platformName,
      device_model: row.deviceModel,
      ip: row.ip,
      success: row.success,
      created_at: row.createdAt.toISOString(),
      city: null,
      country_name: null,
    })),
    paginatorInfo: {
      current_page: page,
      per_page: perPage,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      total,
    },
  };
}
