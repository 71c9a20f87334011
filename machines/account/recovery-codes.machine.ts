// New recovery codes (issue "Security": a recovery path for two-factor): for a current code from the
// authenticator the server makes 10 new one-time codes and the old ones stop working. The new codes show
// once, with copy and download; the dialog closes only after the member says they are saved (or before any
// were made). When it closes the member record (codes left) is fetched again and the flow forgets the codes,
// so the next opening starts afresh.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, valueOf, type AppError } from '../../domain/app-error';
import { sixDigitCode } from '../../domain/validation';
import type { RecoveryCodesContext, RecoveryCodesEvent, RegenerateOutcome } from './recovery-codes.types';

/** A closed dialog's flow: no codes kept. */
const closedContext: RecoveryCodesContext = { authCode: '', codes: [], saved: false, error: null };

export const recoveryCodesMachine = setup({
  types: {
    context: {} as RecoveryCodesContext,
    events: {} as RecoveryCodesEvent,
  },
  actors: {
    regenerate: notProvidedActor<RegenerateOutcome, { authCode: string }>('regenerate'),
  },
  actions: {
    refreshMember: notProvidedAction('refreshMember'),
    forgetCodes: assign(() => closedContext),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
  },
  guards: {
    isCodeComplete: ({ context }) => v.is(sixDigitCode, context.authCode),
    succeeded: ({ event }) => failureOf(event) === null,
    areCodesSaved: ({ context }) => context.saved,
  },
}).createMachine({
  id: 'recoveryCodes',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The dialog is closed; Make new codes opens it.' },
      on: { 'dialog.open': { target: 'open', meta: { description: 'Member opens the dialog' } } },
    },
    open: {
      meta: { description: 'The dialog is open; closing it fetches the member record again and forgets the codes.' },
      exit: ['refreshMember', 'forgetCodes'],
      initial: 'enteringCode',
      states: {
        enteringCode: {
          meta: { description: 'The member types a current code from the authenticator.' },
          on: {
            'authCode.change': { actions: assign({ authCode: ({ event }) => event.code }) },
            'codes.request': [
              {
                guard: 'isCodeComplete',
                target: 'regenerating',
                actions: assign({ error: null }),
                meta: { description: 'Member enters the code' },
              },
              { actions: assign({ error: { code: 'invalidCode' } satisfies AppError }) },
            ],
            'dialog.close': { target: '#recoveryCodes.closed', meta: { description: 'Member closes' } },
          },
        },
        regenerating: {
          meta: { description: 'The server makes 10 new codes; the old ones stop working.' },
          tags: ['busy'],
          invoke: {
            id: 'regenerate',
            src: 'regenerate',
            input: ({ context }) => ({ authCode: context.authCode }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'showingCodes',
                actions: assign({ codes: ({ event }) => valueOf(event.output).recoveryCodes, authCode: '', saved: false }),
                meta: { description: 'New codes made' },
              },
              { target: 'enteringCode', actions: ['assignError', assign({ authCode: '' })], meta: { description: 'Code refused' } },
            ],
            onError: { target: 'enteringCode', actions: 'assignError', meta: { description: 'Call failed' } },
          },
        },
        showingCodes: {
          meta: { description: 'The new codes show once; the old ones no longer work.' },
          tags: ['success'],
          on: {
            'codes.saved': { actions: assign({ saved: ({ event }) => event.saved }) },
            'dialog.close': {
              guard: 'areCodesSaved',
              target: '#recoveryCodes.closed',
              meta: { description: 'Codes saved, member closes' },
            },
          },
        },
      },
    },
  },
});
