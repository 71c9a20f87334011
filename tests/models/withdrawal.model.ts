import { withdrawalMachine } from '../../machines/wallet/withdrawal.machine';
import type { RequestWithdrawalOutcome, WithdrawalEvent, WithdrawalSetup } from '../../machines/wallet/withdrawal.types';
import type { WithdrawalFormValues } from '../../machines/wallet/withdrawal.schema';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const withdrawalSetup: WithdrawalSetup = {
  currencies: [
    { currency: 'USDT', min: '10.00000000', max: '10000.00000000', available: '500.00000000', methods: ['crypto'] },
    { currency: 'EUR', min: '20.00000000', max: '5000.00000000', available: '250.00000000', methods: ['iban', 'swift'] },
  ],
  templates: [{ id: '7', name: 'Ledger wallet', type: 'crypto', destination: 'ERC20 •••• 9EE7' }],
  twofa: true,
  suspended: false,
  suspendedReason: null,
};

const blank: WithdrawalFormValues = {
  currency: 'USDT',
  amount: '',
  templateId: null,
  method: 'crypto',
  network: '',
  address: '',
  holderName: '',
  iban: '',
  bic: '',
  taxId: '',
  swift: '',
  accountNumber: '',
  bankName: '',
  saveTemplate: false,
  templateName: '',
  confirmAccess: false,
  code: '',
};

/** A good bank payout, saved as a template. */
export const goodIban: WithdrawalFormValues = {
  ...blank,
  currency: 'EUR',
  amount: '100',
  method: 'iban',
  holderName: 'Two-Factor Member',
  iban: 'DE89 3704 0044 0532 0130 00',
  saveTemplate: true,
  templateName: 'Main account',
  confirmAccess: true,
  code: '123456',
};
/** A mistyped IBAN (the check digits do not match) and no access confirmation. */
export const badIban: WithdrawalFormValues = { ...goodIban, iban: 'DE89 3704 0044 0532 0130 01', saveTemplate: false, templateName: '', confirmAccess: false };
/** The saved template, to the USDT wallet. */
export const byTemplate: WithdrawalFormValues = { ...blank, amount: '25', templateId: '7', confirmAccess: true, code: '654321' };

export const withdrawalFixtures = {
  'withdrawal.submit': [
    { type: 'withdrawal.submit', values: badIban, setup: withdrawalSetup },
    { type: 'withdrawal.submit', values: goodIban, setup: withdrawalSetup },
    { type: 'withdrawal.submit', values: byTemplate, setup: withdrawalSetup },
  ],
  'withdrawal.again': [{ type: 'withdrawal.again', setup: withdrawalSetup }],
  'xstate.done.actor.requestWithdrawal': [
    {
      type: 'xstate.done.actor.requestWithdrawal',
      output: success({ id: '41', currency: 'EUR', amount: '100.00000000', status: 'new', destination: 'IBAN •••• 3000' }),
    },
    { type: 'xstate.done.actor.requestWithdrawal', output: failure({ code: 'validation', reason: 'TwoFaCodeError', fieldCodes: { twofa_verification_code: ['code'] } }) },
    { type: 'xstate.done.actor.requestWithdrawal', output: failure({ code: 'server', reason: 'WithdrawalsSuspended' }) },
    { type: 'xstate.done.actor.requestWithdrawal', output: failure({ code: 'server', reason: 'TwoFaRequired' }) },
  ],
  'xstate.error.actor.requestWithdrawal': [{ type: 'xstate.error.actor.requestWithdrawal', error: networkError }],
} satisfies { [K in WithdrawalEvent['type']]: Extract<WithdrawalEvent, { type: K }>[] } & {
  'xstate.done.actor.requestWithdrawal': DoneEvent<'requestWithdrawal', RequestWithdrawalOutcome>[];
  'xstate.error.actor.requestWithdrawal': ErrorEvent<'requestWithdrawal'>[];
};

export const withdrawalModel: Model<typeof withdrawalMachine> = {
  machine: withdrawalMachine,
  inputs: [
    { label: 'two-factor on', input: { setup: withdrawalSetup } },
    { label: 'two-factor off', input: { setup: { ...withdrawalSetup, twofa: false } } },
    { label: 'overdue invoices', input: { setup: { ...withdrawalSetup, suspended: true, suspendedReason: 'overdue_invoices' } } },
  ],
  events: flattenFixtures(withdrawalFixtures),
  // The chart's states are what differ on screen; the values and errors in them are checked at every step.
  contextKey: () => [],
  cover: 'transitions',
};
