// The member's own records: the member view (me), sponsor, profile with avatar, language, staking wallet,
// two-factor activation with its email code, and the login history.
import { and, count, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import type { Context, UserRow, Viewer } from '../../context';
import { appError, validationError } from '../../errors';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { checkCode, codeMatches, issueCode, reserveCodeAttempt, spendCode, voidIfUsedUp } from '../../security/email-codes';
import { LimitReached, reserve, type Reservation } from '../../security/rate-limit';
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from '../../security/recovery-codes';
import { tooManyAttempts } from '../../security/throttle';
import { acceptTotp, checkTotp, newTotpSecret } from '../../security/totp';
import { excludedWalletCurrencies, maxCodeAttempts, maxSignInFailuresPerAccount } from '../../../domain/limits';
import { signInWindow, twoFaResendWait } from '../../../domain/timing';
import { findTenantById, hasModule, isUuid, tenantFlag, tenantName } from '../shell/service';
import { tenants } from '../shell/tables';
import { loginAttempts, sessions } from '../auth/tables';
import { memberCommerceFrom, type MemberPurchaseRow } from '../tariffs/member-tariff';
import { subscriptionFrom } from '../app-status/service';
import { tenantOwners, tenantSubscriptions } from '../tariffs/tables';
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
    subscription: subscription && { enabled: subscription.enabled, active: subscription.active, trial: subscription.trial, till: subscription.till },
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
    // The portal sends the avatar with every save: a new row only when the image changed, and the
    // member's earlier images go (their URLs then answer 404).
    if (avatar && !(await isCurrentAvatar(tx as unknown as Db, user, avatar))) {
      const [stored] = await tx.insert(avatars).values({ userId: user.id, ...avatar }).returning({ id: avatars.id });
      await tx.delete(avatars).where(and(eq(avatars.userId, user.id), ne(avatars.id, stored!.id)));
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

const avatarPath = /^\/avatars\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

async function isCurrentAvatar(db: Db, user: UserRow, avatar: { contentType: string; data: string }) {
  const id = avatarPath.exec(user.avatar ?? '')?.[1];
  if (!id) return false;
  const [same] = await db
    .select({ id: avatars.id })
    .from(avatars)
    .where(and(eq(avatars.id, id), eq(avatars.userId, user.id), eq(avatars.contentType, avatar.contentType), eq(avatars.data, avatar.data)))
    .limit(1);
  return Boolean(same);
}

export async function setLanguage(db: Db, userId: number, language: string) {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** GET /avatars/{id}: a member's avatar image. */
export async function readAvatarImage(db: Db, id: string) {
  // Only a well-formed uuid reaches the uuid column; anything else is simply not found.
  if (!isUuid(id)) return null;
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
/** Wrong codes that void an activation or deactivation attempt: the same 5 attempts a mailed code allows. */
export const maxActivationFailures = maxCodeAttempts;

const alreadyOn = () => appError('conflict', 'Two-factor authentication is already on.', { reason: 'TwoFaAlreadyOn' });
const alreadyOff = () => appError('conflict', 'Two-factor authentication is off.', { reason: 'TwoFaAlreadyOff' });

type CodeField = 'email_verification_code' | 'twofa_verification_code' | 'recovery_code';

const wrongCode = (field: CodeField) =>
  appError('validation', 'Incorrect verification code. The code must be 6 characters.', {
    reason: 'TwoFaCodeError',
    fields: { [field]: ['Incorrect verification code. The code must be 6 characters.'] },
  });

const emailCodeExpired = () =>
  appError('validation', 'The code has expired or was used up. Ask for a new one.', {
    reason: 'CodeExpired',
    fields: { email_verification_code: ['The code has expired or was used up. Ask for a new one.'] },
  });

const emailCodeRequired = () =>
  appError('validation', 'Ask for the code by email and enter it.', {
    reason: 'EmailCodeRequired',
    fields: { email_verification_code: ['This field is required.'] },
  });

/** Enabling or disabling two-factor ends the member's other sessions. */
async function endOtherSessions(db: Db, userId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** Mails the email code of a two-factor change, at most once per resend wait (parallel calls send one). */
export async function sendTwoFaEmailCode(context: Context, user: UserRow) {
  const issued = await issueCode(context.db, user.id, 'twofa', { waitMs: twoFaResendWait });
  if (issued.wait !== undefined) {
    throw appError('rate_limited', `Please wait ${issued.wait} s before asking for another code.`, {
      reason: 'TooManyAttempts',
      retryAfterSeconds: issued.wait,
    });
  }
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('twoFaCode', mailLanguage(user.language), { tenant: await tenantName(context.db, user.tenantId), code: issued.code }),
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

const notStarted = (message = 'Start the activation again.') => appError('conflict', message, { reason: 'TwoFaNotStarted' });

/**
 * Turns two-factor on with the mailed code and a code of the new secret, and answers the 10 recovery codes
 * (shown once). Each try takes one of the secret's 5 attempts before it is checked; the 5th wrong one voids it.
 */
export async function activateTwoFa(db: Db, { user, sessionId }: Viewer, input: TwoFaCodes): Promise<string[]> {
  if (user.twofaSecret) throw alreadyOn();
  if (!user.twofaPendingSecret) throw notStarted();
  if (!input.email_verification_code) throw emailCodeRequired();
  const pending = user.twofaPendingSecret;
  const [attempt] = await db
    .update(users)
    .set({ twofaPendingFailures: sql`${users.twofaPendingFailures} + 1` })
    .where(and(eq(users.id, user.id), eq(users.twofaPendingSecret, pending), lt(users.twofaPendingFailures, maxActivationFailures)))
    .returning({ tries: users.twofaPendingFailures });
  if (!attempt) throw notStarted('Too many wrong codes. Start the activation again.');
  // The authenticator code first: a wrong one counts against the attempt and leaves the email code usable.
  const step = checkTotp(pending, input.twofa_verification_code, null);
  if (step === null) {
    if (attempt.tries >= maxActivationFailures) {
      await db.update(users).set({ twofaPendingSecret: null, twofaPendingFailures: 0 }).where(and(eq(users.id, user.id), eq(users.twofaPendingSecret, pending)));
      throw notStarted('Too many wrong codes. Start the activation again.');
    }
    throw wrongCode('twofa_verification_code');
  }
  const emailCheck = await checkCode(db, user.id, 'twofa', input.email_verification_code);
  if (emailCheck.result === 'expired') throw emailCodeExpired();
  if (emailCheck.result === 'wrong') throw wrongCode('email_verification_code');
  const [activated] = await db
    .update(users)
    .set({
      twofaSecret: pending,
      twofaMethod: input.method,
      twofaLastStep: step,
      twofaPendingSecret: null,
      twofaPendingFailures: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, user.id), isNull(users.twofaSecret), eq(users.twofaPendingSecret, pending)))
    .returning({ id: users.id });
  if (!activated) throw alreadyOn();
  await endOtherSessions(db, user.id, sessionId);
  return replaceRecoveryCodes(db, user.id);
}

export interface DeactivationCodes {
  email_verification_code: string;
  twofa_verification_code?: string | null | undefined;
  recovery_code?: string | null | undefined;
}

/**
 * Turns two-factor off with the mailed code and an authenticator code (or, for a lost phone, a recovery
 * code). Every try takes one of the mailed code's 5 attempts before either code is checked, whichever is
 * wrong; the 5th wrong try voids it and a new email code is needed.
 */
export async function deactivateTwoFa(db: Db, { user, sessionId }: Viewer, input: DeactivationCodes) {
  if (!user.twofaSecret) throw alreadyOff();
  if (!input.email_verification_code) throw emailCodeRequired();
  const recovery = input.recovery_code || null;
  const code = input.twofa_verification_code || null;
  if (!recovery && !code) throw validationError({ twofa_verification_code: ['required'] });
  const attempt = await reserveCodeAttempt(db, user.id, 'twofa');
  if (!attempt) throw emailCodeExpired();
  const refuse = async (field: CodeField) => {
    throw (await voidIfUsedUp(db, attempt)) ? emailCodeExpired() : wrongCode(field);
  };
  if (!codeMatches(attempt, input.email_verification_code)) return refuse('email_verification_code');
  const secondOk = recovery ? (await spendRecoveryCode(db, user.id, recovery)) !== null : await acceptTotp(db, user, code!);
  if (!secondOk) return refuse(recovery ? 'recovery_code' : 'twofa_verification_code');
  if (!(await spendCode(db, attempt.id))) throw emailCodeExpired();
  const [deactivated] = await db
    .update(users)
    .set({ twofaSecret: null, twofaMethod: null, twofaLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.twofaSecret, user.twofaSecret)))
    .returning({ id: users.id });
  if (!deactivated) throw alreadyOff();
  await deleteRecoveryCodes(db, user.id);
  await endOtherSessions(db, user.id, sessionId);
}

/**
 * 10 new recovery codes for a current authenticator code (its step is spent); the old ones stop working.
 * Wrong codes count against the member's limit, as sign-in failures do.
 */
export async function regenerateRecoveryCodes(db: Db, { user }: Viewer, code: string): Promise<string[]> {
  if (!user.twofaSecret) throw alreadyOff();
  let slot: Reservation;
  try {
    slot = await reserve(db, [{ key: `totp:member:${user.id}`, max: maxSignInFailuresPerAccount, windowMs: signInWindow }]);
  } catch (error) {
    if (error instanceof LimitReached) throw tooManyAttempts(error.retryAfterSeconds);
    throw error;
  }
  try {
    if (!(await acceptTotp(db, user, code))) {
      await slot.fail();
      throw wrongCode('twofa_verification_code');
    }
  } finally {
    await slot.release();
  }
  return replaceRecoveryCodes(db, user.id);
}

/** Unused recovery codes of a two-factor member (null while two-factor is off). */
export async function recoveryCodesLeftOf(db: Db, userId: number, twofa: boolean): Promise<number | null> {
  return twofa ? recoveryCodesLeft(db, userId) : null;
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
