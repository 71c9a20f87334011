// The email code both two-factor changes ask for (spec §4 "Two-factor activation"; deactivation likewise):
// its button mails a 6-digit code, then waits 60 s before it can send again, or as long as the server says
// when it refused to send so soon. One region, which both machines spread into their `enteringCodes` state,
// with the guards and delays it names.
import type { AnyActorRef } from 'xstate';
import { errorOf, failureOf, type AppError, type Outcome } from '../../domain/app-error';
import { twoFaResendWait } from '../../domain/timing';
import { clockNow } from '../shared/clock';

/** What the region keeps in its machine's context. */
export interface EmailCodeContext {
  error: AppError | null;
  /** When the email code may be sent again (clock ms), while its countdown runs. */
  emailCodeDeadline: number | null;
  /** How long the server asked to wait before another email code (ms). */
  emailCodeWait: number;
}

export const noEmailCode = { emailCodeDeadline: null, emailCodeWait: 0 } as const satisfies Partial<EmailCodeContext>;

/** A new email code only after 60 s. */
export type SendEmailCodeOutcome = Outcome<void, 'TooManyAttempts'>;

/** The wait the server named when it refused to send so soon (ms), or 0. */
export const serverWaitOf = (event: unknown) => (errorOf(event).retryAfter ?? 0) * 1000;

/**
 * When the button may send again: `wait` from now on the actor's clock (60 s after a code went out, else the
 * server's wait).
 */
export const resendDeadline = (self: AnyActorRef, wait: number = twoFaResendWait) => clockNow(self) + wait;

/**
 * The guards and delays the region names, spread into each machine's setup. Its actions (named in the region:
 * assignError, clearError, startEmailCountdown, endEmailCountdown, startServerCountdown) are each machine's
 * own one-liners over `resendDeadline` and `serverWaitOf`, since an assign is typed by its machine's context.
 */
export const emailCodeGuards = {
  emailCodeSent: ({ event }: { event: unknown }) => failureOf(event) === null,
  isHeldBack: ({ event }: { event: unknown }) => serverWaitOf(event) > 0,
};

export const emailCodeDelays = {
  twoFaResendWait,
  serverWait: ({ context }: { context: EmailCodeContext }) => context.emailCodeWait,
};

/** The email-code region: `enteringCodes: { type: 'parallel', states: { emailCode: emailCodeRegion, form: … } }`. */
export const emailCodeRegion = {
  initial: 'notSent',
  states: {
    notSent: {
      meta: { description: 'The email code can be sent.' },
      on: { 'emailCode.send': { target: 'sending', meta: { description: 'Member sends a code' } } },
    },
    sending: {
      meta: { description: 'The server mails a 6-digit code.' },
      tags: ['sendingEmailCode'],
      invoke: {
        id: 'sendEmailCode',
        src: 'sendEmailCode',
        onDone: [
          { guard: 'emailCodeSent', target: 'sent', actions: 'clearError', meta: { description: 'Code mailed' } },
          {
            guard: 'isHeldBack',
            target: 'heldBack',
            actions: ['assignError', 'startServerCountdown'],
            meta: { description: 'Server says wait' },
          },
          { target: 'notSent', actions: 'assignError', meta: { description: 'Send refused' } },
        ],
        onError: { target: 'notSent', actions: 'assignError', meta: { description: 'Call failed' } },
      },
    },
    sent: {
      meta: { description: 'Sent: the button waits 60 s before it can send again.' },
      entry: 'startEmailCountdown',
      exit: 'endEmailCountdown',
      after: { twoFaResendWait: { target: 'notSent', meta: { description: '60 s passed' } } },
    },
    heldBack: {
      meta: { description: 'A code went out moments ago: the button waits as long as the server says.' },
      exit: 'endEmailCountdown',
      after: { serverWait: { target: 'notSent', meta: { description: 'Wait over' } } },
    },
  },
} as const;
