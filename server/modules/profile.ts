// The member's own records: profile (with avatar), language, sponsor, staking wallet.
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { avatars, stakingWallets, tenantModules, tenants, users } from '../db/schema';
import { requireViewer, type Context } from '../context';
import { appError, validationError } from '../errors';
import { validate } from '../validation';
import { phoneField, profileLanguages, profileNameField, supportCodeField, telegramField } from '../../machines/profile/profile.schema';
import { walletAddressField } from '../../machines/staking-wallet/staking-wallet.schema';
import { requireTenant } from './tenant';
import type { Resolvers } from '../generated/resolvers-types';

/** Avatars arrive as 150×150 images (data URLs); anything much bigger is not one. */
export const maxAvatarBytes = 200 * 1024;

const updateInput = v.object({
  user_uuid: v.pipe(v.string(), v.uuid()),
  name: v.nullish(profileNameField),
  avatar: v.nullish(v.string()),
  phone: v.nullish(phoneField),
  telegram: v.nullish(telegramField),
  support_verification_code: v.nullish(supportCodeField),
  language: v.nullish(v.picklist(profileLanguages, 'required')),
});

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

function requireOwnRecord(context: Context, userUuid: string) {
  const viewer = requireViewer(context);
  if (viewer.user.uuid !== userUuid) throw appError('forbidden', 'Members can change only their own records.');
  return viewer;
}

async function stakingConfigured(context: Context, tenantId: number) {
  const [module] = await context.db
    .select({ id: tenantModules.id })
    .from(tenantModules)
    .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.module, 'staking')));
  return Boolean(module);
}

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

export const profileResolvers: Resolvers = {
  Query: {
    async affSponsor(_parent, _args, context) {
      const { user } = requireViewer(context);
      if (!user.sponsorId) return null;
      const [sponsor] = await context.db.select().from(users).where(eq(users.id, user.sponsorId)).limit(1);
      return sponsor
        ? { name: sponsor.name, avatar: sponsor.avatar, email: sponsor.email, telegram: sponsor.telegram, phone: sponsor.phone }
        : null;
    },
    async moduleStakingWallet(_parent, args, context) {
      const { user } = requireOwnRecord(context, args.user_uuid);
      const tenant = await requireTenant(context.db, args.whitelabel_uuid);
      if (tenant.id !== user.tenantId || !(await stakingConfigured(context, tenant.id))) return null;
      const [wallet] = await context.db.select().from(stakingWallets).where(eq(stakingWallets.userId, user.id)).limit(1);
      return wallet ? toStakingWallet(wallet) : null;
    },
  },
  Mutation: {
    async whiteLabelUpdateUser(_parent, args, context) {
      const input = validate(updateInput, args.input);
      const { user } = requireOwnRecord(context, input.user_uuid);
      const [tenant] = await context.db.select().from(tenants).where(eq(tenants.id, user.tenantId));
      if (input.name != null && input.name !== user.name && tenant?.flags.allow_edit_name !== true) {
        throw validationError({ name: ['notAllowed'] });
      }
      const avatar = input.avatar ? readAvatar(input.avatar) : null;
      await context.db.transaction(async (tx) => {
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
      return { id: user.id, name: input.name ?? user.name, status: 'success', message: 'Your profile is saved.' };
    },
    async switchLanguage(_parent, args, context) {
      const { language } = validate(v.object({ language: v.picklist(profileLanguages, 'required') }), args);
      const { user } = requireViewer(context);
      await context.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, user.id));
      return { status: 'success', message: 'Language changed.' };
    },
    async moduleStakingUpdateWallet(_parent, args, context) {
      const { wallet_address } = validate(v.object({ wallet_address: walletAddressField }), args.input);
      const { user } = requireViewer(context);
      if (!(await stakingConfigured(context, user.tenantId))) {
        throw appError('forbidden', 'The staking module is not available.');
      }
      await context.db
        .insert(stakingWallets)
        .values({ userId: user.id, walletAddress: wallet_address })
        .onConflictDoUpdate({ target: stakingWallets.userId, set: { walletAddress: wallet_address, updatedAt: new Date() } });
      return { status: 'success', message: 'The wallet address is saved.' };
    },
  },
};

/** GET /avatars/{id}: a member's avatar image. */
export async function readAvatarImage(db: Context['db'], id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [avatar] = await db.select().from(avatars).where(eq(avatars.id, id)).limit(1);
  return avatar ? { contentType: avatar.contentType, bytes: Buffer.from(avatar.data, 'base64') } : null;
}
