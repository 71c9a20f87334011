// What the raffle page's proof reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { verifyDrawMachine } from './verify-draw.machine';

type VerifyDrawSnapshot = SnapshotFrom<typeof verifyDrawMachine>;

export const selectProof = (s: VerifyDrawSnapshot) => s.context.proof;
export const selectVerifying = (s: VerifyDrawSnapshot) => s.matches('verifying');
export const selectMatched = (s: VerifyDrawSnapshot) => s.matches('matched');
export const selectMismatch = (s: VerifyDrawSnapshot) => (s.matches('mismatched') ? s.context.check : null);
export const selectFailed = (s: VerifyDrawSnapshot) => s.matches('failed');
