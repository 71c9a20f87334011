// What the verification-link page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { verifyEmailMachine } from './verify-email.machine';

type VerifyEmailSnapshot = SnapshotFrom<typeof verifyEmailMachine>;

export const selectFailed = (s: VerifyEmailSnapshot) => s.matches('failed');
