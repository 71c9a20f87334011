// Password reset: a mailed link (at most once per wait, silent about unknown addresses) and the new
// password set with it, once; a new password ends every session.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Context } from '../../context';
import { appError } from '../../errors';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { hashPassword } from '../../security/password';
import { issueCode, linkCodeIsLive, spendLinkCode, voidCodes } from '../../security/email-codes';
import { resetMailWait } from '../../../domain/timing';
import { portalAddress, requirePasswordSignIn, type TenantRow } from '../shell/service';
import { users } from '../account/tables';
import { sessions } from './tables';
import { findMember } from './sessions';
import { countForAddress } from './registration';

/** Mails a link to set a new password, at most once per wait; silent about unknown addresses. */
export async function sendPasswordReset(context: Context, tenant: TenantRow, email: string) {
  requirePasswordSignIn(tenant);
  await countForAddress(context, ['mail']);
  const user = await findMember(context.db, tenant.id, email);
  if (!user) return;
  const issued = await issueCode(context.db, user.id, 'reset_password', { waitMs: resetMailWait });
  if (issued.wait !== undefined) return;
  const link = `${portalAddress(tenant, context.config)}/newpassword/${issued.linkToken}?email=${encodeURIComponent(user.email)}`;
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('resetPassword', mailLanguage(user.language), { tenant: tenant.name, link }),
  });
}

const invalidLink = () =>
  appError('validation', 'This link is not valid any more. Ask for a new one.', {
    reason: 'InvalidLink',
    fields: { token: ['This link is not valid any more. Ask for a new one.'] },
  });

/**
 * Sets the new password with the mailed token: the token is spent in the same transaction, so it works
 * once. Confirms the address, ends pending registrations' codes and every session.
 */
export async function resetPassword(db: Db, tenant: TenantRow, input: { email: string; token: string; password: string }) {
  requirePasswordSignIn(tenant);
  // A dead link is refused before the password is hashed (scrypt's cost is not spent on junk tokens); the
  // token is still spent only in the transaction below, so two uses of one link cannot both pass.
  if (!(await linkCodeIsLive(db, input.token, 'reset_password', { tenantId: tenant.id, email: input.email })))
    throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const spent = await spendLinkCode(tx as unknown as Db, input.token, 'reset_password', {
      tenantId: tenant.id,
      email: input.email,
    });
    if (!spent) throw invalidLink();
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId));
    await voidCodes(tx as unknown as Db, spent.userId, 'verify_email');
    // A new password ends every session that used the old one.
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)));
  });
}
