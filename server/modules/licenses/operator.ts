// The operator's decision on a license request (spec §6: not shown in the portal; in development POST
// /dev/licenses/status plays it): accepted with its license key (one is made when none is given), or declined with
// a reason, which frees the license. Only a pending request is decided, under its row's lock.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenseRequests } from './tables';

/** Letters and digits that do not read alike (no 0/O, 1/I/L). */
const keyAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A license key as XXXX-XXXX-XXXX-XXXX from a cryptographic source. */
export const newLicenseKey = () =>
  Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => keyAlphabet[randomInt(keyAlphabet.length)]).join('')).join('-');

export interface LicenseDecision {
  requestId: number;
  status: 'accepted' | 'declined';
  licenseKey?: string;
  declineReason?: string;
}

export async function decideLicenseRequest(db: Db, decision: LicenseDecision, now = new Date()): Promise<{ status: number; body: Record<string, unknown> }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [request] = await tx.select().from(licenseRequests).where(eq(licenseRequests.id, decision.requestId)).for('update');
    if (!request) return { status: 404, body: { error: `No license request ${decision.requestId}.` } };
    if (request.status !== 'pending') return { status: 409, body: { error: `License request ${request.id} is ${request.status} and does not move again.` } };
    const accepted = decision.status === 'accepted';
    const [decided] = await tx
      .update(licenseRequests)
      .set({
        status: decision.status,
        licenseKey: accepted ? (decision.licenseKey ?? newLicenseKey()) : null,
        declineReason: accepted ? null : (decision.declineReason ?? null),
        decidedAt: now,
      })
      .where(eq(licenseRequests.id, request.id))
      .returning();
    return {
      status: 200,
      body: {
        id: String(decided!.id),
        status: decided!.status,
        license_key: decided!.licenseKey,
        decline_reason: decided!.declineReason,
        decided_at: decided!.decidedAt?.toISOString() ?? null,
      },
    };
  });
}
