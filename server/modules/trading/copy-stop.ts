// An exchange account that stops (the member disconnects it, or the trading.suspensions job suspends it) stops the
// copy trading it serves, in the caller's transaction (after the account's own update, which holds its row): its
// live connections are disconnected with the account's reason, or suspended with its cause, and its pending link
// requests fail (a trader can no longer accept them, and they give their place back).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { placeHoldingStatuses } from '../../../domain/copy-trading';
import type { SuspensionCause } from '../../../domain/trading';
import { copyConnections, linkRequests } from './copy-tables';

export type AccountStop = { status: 'disconnected'; reason: string } | { status: 'suspended'; cause: SuspensionCause };

const running = ['pending', 'active', 'paused'] as const;

export async function stopAccountCopying(tx: Db, accountIds: readonly string[], stop: AccountStop, now: Date) {
  if (accountIds.length === 0) return;
  const ofAccounts = inArray(copyConnections.accountId, [...accountIds]);
  if (stop.status === 'disconnected') {
    await tx
      .update(copyConnections)
      .set({ status: 'disconnected', disconnectReason: stop.reason, suspensionCause: null, stoppedAt: now, updatedAt: now })
      .where(and(ofAccounts, inArray(copyConnections.status, [...placeHoldingStatuses])));
  } else {
    await tx
      .update(copyConnections)
      .set({ status: 'suspended', suspensionCause: stop.cause, updatedAt: now })
      .where(and(ofAccounts, inArray(copyConnections.status, [...running])));
  }
  await tx
    .update(linkRequests)
    .set({ status: 'failed', decidedAt: now, updatedAt: now })
    .where(and(inArray(linkRequests.accountId, [...accountIds]), eq(linkRequests.status, 'pending')));
}
