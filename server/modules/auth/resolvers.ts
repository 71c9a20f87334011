// Auth: sign-in and sign-out, registration, email verification, password reset, single sign-on and the
// invitation banner. Inputs are checked with the same valibot pieces the portal's forms use.
import * as v from 'valibot';
import type { MutationCreateUserArgs, Resolvers } from '../../generated/resolvers-types';
import { requireHostTenant, requireViewerTenant, type Context } from '../../context';
import { validationError } from '../../errors';
import { queueSignIn } from '../../security/password';
import { QueueFull } from '../../security/semaphore';
import { tooManyAttempts } from '../../security/throttle';

import { recoveryCodeField, tenantField, validate, visibleName } from '../../validation';
import { emailField, newPasswordField, passwordField, phoneLoginField, sixDigitCode } from '../../../domain/validation';
import { registrationPayloadSchema } from '../../../machines/auth/registration.schema';
import { memberView } from '../account/member-view';
import { mergeGuestCartAtSignIn } from '../shop/cart';
import { endSession } from './sessions';
import { exchangeOAuthCode, signIn } from './sign-in';
import { findInviter, registerMember, resendVerification, verifyEmailByCode, verifyEmailByLink } from './registration';
import { resetPassword, sendPasswordReset } from './password-reset';

/** When a member refused by a full sign-in queue may try again. */
const signInQueueRetrySeconds = 10;

const loginInput = v.object({
  username: v.union([emailField, phoneLoginField], 'Enter a valid email address or an 11-digit phone number.'),
  password: passwordField,
  whitelabel_uuid: tenantField,
  anonymous_id: v.nullish(v.string()),
  twofa_verification_code: v.nullish(v.union([v.literal(''), sixDigitCode])),
  recovery_code: v.nullish(v.union([v.literal(''), recoveryCodeField])),
});

const emailInput = v.object({ whitelabel_uuid: tenantField, email: emailField });
const linkToken = v.pipe(v.string(), v.minLength(20), v.maxLength(200));

const verifyInput = v.object({
  whitelabel_uuid: v.nullish(tenantField),
  token: v.nullish(linkToken),
  code: v.nullish(sixDigitCode),
  email: emailField,
});

const resetInput = v.object({ ...emailInput.entries, token: linkToken, password: newPasswordField });

const oauthInput = v.object({
  whitelabel_uuid: tenantField,
  code: v.pipe(v.string(), v.minLength(10), v.maxLength(200)),
  redirect_uri: v.pipe(v.string(), v.url()),
});

/** createUser and register are one operation under two names (spec §7). */
async function register(_parent: unknown, args: MutationCreateUserArgs, context: Context) {
  // lang is required; language is accepted as its older name.
  const input = validate(registrationPayloadSchema, { ...args, lang: args.lang ?? args.language });
  validate(v.object({ name: visibleName }), { name: input.name });
  const tenant = await requireHostTenant(context, input.whitelabel_uuid);
  const member = await registerMember(context, tenant, input);
  return { ...member, status: 'success', message: 'We sent a 6-digit code to your email.' };
}

export const authResolvers: Resolvers = {
  Query: {
    async invitation(_parent, args, context) {
      const tenant = await requireHostTenant(context, args.whitelabel_uuid);
      return findInviter(context.db, tenant.id, args.sponsor);
    },
  },
  Mutation: {
    login(_parent, args, context) {
      // Sign-ins take turns as a whole (lookups, limits, hash, record): a burst then waits here instead of
      // putting its queries into the database queue ahead of every other request.
      return queueSignIn(async () => {
        const input = validate(loginInput, args.data);
        const tenant = await requireHostTenant(context, input.whitelabel_uuid);
        const grant = await signIn(context, tenant, input);
        // The guest's cart comes along (spec §7 login anonymous_id), for any client that sends the id.
        await mergeGuestCartAtSignIn(context.db, tenant, grant.member.id, input.anonymous_id);
        return grant;
      }).catch((error: unknown) => {
        if (error instanceof QueueFull) throw tooManyAttempts(signInQueueRetrySeconds, 'sign-ins at once');
        throw error;
      });
    },
    async logout(_parent, _args, context) {
      await endSession(context.db, (await requireViewerTenant(context)).sessionId);
      return { status: 'success', message: 'Logged out.' };
    },
    createUser: register,
    register,
    async sendVerificationCode(_parent, args, context) {
      const input = validate(emailInput, args);
      const tenant = await requireHostTenant(context, input.whitelabel_uuid);
      // The same answer whether or not such an unverified account exists.
      await resendVerification(context, tenant, input.email);
      return { status: 'success', message: 'If the email waits for confirmation, a new code is on its way.' };
    },
    async verifyEmail(_parent, args, context) {
      const input = validate(verifyInput, args);
      if (input.token) {
        // A link names no tenant: it must be the host's (and the uuid's, when one is sent).
        const tenant = await requireHostTenant(context, input.whitelabel_uuid);
        return verifyEmailByLink(context, tenant, input.token, input.email);
      }
      if (!input.code || !input.whitelabel_uuid) throw validationError({ code: ['required'] });
      const tenant = await requireHostTenant(context, input.whitelabel_uuid);
      return verifyEmailByCode(context, tenant, input.email, input.code);
    },
    async forgotPassword(_parent, args, context) {
      const input = validate(emailInput, args);
      const tenant = await requireHostTenant(context, input.whitelabel_uuid);
      await sendPasswordReset(context, tenant, input.email);
      return { status: 'success', message: 'If an account uses this email, a link to set a new password is on its way.' };
    },
    async resetPassword(_parent, args, context) {
      const input = validate(resetInput, args);
      const tenant = await requireHostTenant(context, input.whitelabel_uuid);
      await resetPassword(context.db, tenant, input);
      return { status: 'success', message: 'Your new password is set.' };
    },
    async oauthLogin(_parent, args, context) {
      const input = validate(oauthInput, args);
      const tenant = await requireHostTenant(context, input.whitelabel_uuid);
      return exchangeOAuthCode(context, tenant, input.code, input.redirect_uri);
    },
  },
  LoginResult: {
    // Shaped only when a client selects it (the portal asks `me` separately).
    user: (grant, _args, { db }) => memberView(db, grant.member),
  },
};
