// Account: the member's own records (me, sponsor, profile, language, staking wallet), two-factor and the
// login history. Every operation needs the viewer; records named by uuid must be the viewer's own.
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant, type Context } from '../../context';
import { appError } from '../../errors';
import { recoveryCodeField, validate, visibleName } from '../../validation';
import { sixDigitCode } from '../../../domain/validation';
import { phoneField, profileLanguages, profileNameField, supportCodeField, telegramField } from '../../../machines/account/profile.schema';
import { walletAddressField } from '../../../machines/account/staking-wallet.schema';
import { loginHistoryPage } from './login-history';
import { memberView, sponsorOf } from './member-view';
import { saveStakingWalletAddress, setLanguage, stakingWalletOf, updateProfile } from './service';
import {
  activateTwoFa,
  deactivateTwoFa,
  recoveryCodesLeftOf,
  regenerateRecoveryCodes,
  sendTwoFaEmailCode,
  startTwoFaActivation,
  twoFaMethods,
} from './two-factor';

const updateInput = v.object({
  user_uuid: v.pipe(v.string(), v.uuid()),
  name: v.nullish(v.pipe(profileNameField, visibleName)),
  avatar: v.nullish(v.string()),
  phone: v.nullish(phoneField),
  telegram: v.nullish(telegramField),
  support_verification_code: v.nullish(supportCodeField),
  language: v.nullish(v.picklist(profileLanguages, 'required')),
});

const methodInput = v.object({ method: v.picklist(twoFaMethods, 'required') });
const codesInput = v.object({
  method: v.picklist(twoFaMethods, 'required'),
  // Empty is answered with EmailCodeRequired by the service, so the portal can name the missing step.
  email_verification_code: v.union([v.literal(''), sixDigitCode]),
  twofa_verification_code: sixDigitCode,
});
const deactivationInput = v.object({
  method: v.picklist(twoFaMethods, 'required'),
  email_verification_code: v.union([v.literal(''), sixDigitCode]),
  twofa_verification_code: v.nullish(v.union([v.literal(''), sixDigitCode])),
  recovery_code: v.nullish(v.union([v.literal(''), recoveryCodeField])),
});

const pageInput = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)),
});

/** The member, whose own record `userUuid` must name. */
async function requireOwnRecord(context: Context, userUuid: string, whitelabelUuid?: string) {
  const viewer = await requireViewerTenant(context, whitelabelUuid);
  if (viewer.user.uuid !== userUuid) throw appError('forbidden', 'Members can change only their own records.');
  return viewer;
}

export const accountResolvers: Resolvers = {
  Query: {
    async me(_parent, _args, context) {
      // A visitor without a token is simply nobody; a token that is no longer valid is an
      // authentication error, which the portal turns into "Session expired".
      if (!context.hasToken) return null;
      return memberView(context.db, (await requireViewerTenant(context)).user);
    },
    async affSponsor(_parent, _args, context) {
      return sponsorOf(context.db, (await requireViewerTenant(context)).user);
    },
    async moduleStakingWallet(_parent, args, context) {
      const { user, tenant } = await requireOwnRecord(context, args.user_uuid, args.whitelabel_uuid);
      return stakingWalletOf(context.db, user, tenant);
    },
    async loginHistory(_parent, args, context) {
      const { user } = await requireViewerTenant(context);
      const { page, count } = validate(pageInput, { page: args.page ?? 1, count: args.count });
      return loginHistoryPage(context.db, user.id, page, count);
    },
  },
  Mutation: {
    async whiteLabelUpdateUser(_parent, args, context) {
      const input = validate(updateInput, args.input);
      const { user, tenant } = await requireOwnRecord(context, input.user_uuid);
      const saved = await updateProfile(context.db, tenant, user, input);
      return { ...saved, status: 'success', message: 'Your profile is saved.' };
    },
    async switchLanguage(_parent, args, context) {
      const { language } = validate(v.object({ language: v.picklist(profileLanguages, 'required') }), args);
      const { user } = await requireViewerTenant(context);
      await setLanguage(context.db, user.id, language);
      return { status: 'success', message: 'Language changed.' };
    },
    async moduleStakingUpdateWallet(_parent, args, context) {
      const { wallet_address } = validate(v.object({ wallet_address: walletAddressField }), args.input);
      const { user } = await requireViewerTenant(context);
      await saveStakingWalletAddress(context.db, user, wallet_address);
      return { status: 'success', message: 'The wallet address is saved.' };
    },
    async generateEmailVerificationCode(_parent, args, context) {
      validate(methodInput, args);
      await sendTwoFaEmailCode(context, await requireViewerTenant(context));
      return { status: 'success', message: 'We sent a 6-digit code to your email.' };
    },
    async generateTwoFaSecret(_parent, args, context) {
      const { method } = validate(methodInput, args);
      return startTwoFaActivation(context.db, await requireViewerTenant(context), method);
    },
    async activateTwoFa(_parent, args, context) {
      const input = validate(codesInput, args);
      const recovery_codes = await activateTwoFa(context.db, await requireViewerTenant(context), input);
      return { status: 'success', message: 'Two-factor authentication is on. Save your recovery codes.', recovery_codes };
    },
    async deactivateTwoFa(_parent, args, context) {
      const input = validate(deactivationInput, args);
      await deactivateTwoFa(context.db, await requireViewerTenant(context), input);
      return { status: 'success', message: 'Two-factor authentication is off.' };
    },
    async regenerateRecoveryCodes(_parent, args, context) {
      const { twofa_verification_code } = validate(v.object({ twofa_verification_code: sixDigitCode }), args);
      const recovery_codes = await regenerateRecoveryCodes(context.db, await requireViewerTenant(context), twofa_verification_code);
      return { status: 'success', message: 'New recovery codes: the old ones no longer work.', recovery_codes };
    },
  },
  User: {
    // Counted only when a client asks (me is polled every 15 s).
    recovery_codes_left: (member, _args, { db }) => recoveryCodesLeftOf(db, Number(member.id), member.twofa),
  },
};
