// The records a member edits: the profile with its avatar (and the avatar images it serves), the language and
// the staking wallet. The member view is member-view.ts, two-factor two-factor.ts, the login history
// login-history.ts.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { hasModule, isUuid, tenantFlag, type TenantRow } from '../shell/service';
import { avatars, stakingWallets, users } from './tables';

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
export async function updateProfile(db: Db, tenant: TenantRow, user: UserRow, input: ProfileChanges) {
  if (input.name != null && input.name !== user.name && !tenantFlag(tenant, 'allow_edit_name')) {
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

/** The member's staking wallet: null unless the member's tenant has staking. */
export async function stakingWalletOf(db: Db, user: UserRow, tenant: TenantRow) {
  if (!(await hasModule(db, tenant.id, 'staking'))) return null;
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
