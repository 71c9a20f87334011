import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { withdrawalMachine } from '../../machines/wallet/withdrawal.machine';
import { withdrawalCancelMachine } from '../../machines/wallet/withdrawal-cancel.machine';
import type { RequestWithdrawalOutcome } from '../../machines/wallet/withdrawal.types';
import type { CancelWithdrawalOutcome } from '../../machines/wallet/withdrawal-cancel.types';
import { relevantValues, withdrawalErrors } from '../../machines/wallet/withdrawal.schema';
import { ibanLengths, isUkrainianIban, isValidBic, isValidIban, normalizeBic, normalizeIban } from '../../machines/wallet/bank-details';
import { badIban, byTemplate, goodIban, withdrawalSetup } from '../models/withdrawal.model';

const made: RequestWithdrawalOutcome = { ok: true, value: { id: '1', currency: 'EUR', amount: '100.00', status: 'new', destination: 'IBAN •••• 3000' } };

function start(answer: () => Promise<RequestWithdrawalOutcome>, setup = withdrawalSetup) {
  const request = vi.fn((_values: unknown) => answer());
  const refreshWallet = vi.fn();
  const notifyFailure = vi.fn();
  const actor = createActor(
    withdrawalMachine.provide({ actors: { requestWithdrawal: fromPromise(({ input }) => request(input)) }, actions: { refreshWallet, notifyFailure } }),
    { input: { setup } },
  ).start();
  return { actor, request, refreshWallet, notifyFailure };
}

describe('withdrawal', () => {
  it('explains instead of offering the form when suspended or without two-factor', () => {
    expect(start(async () => made, { ...withdrawalSetup, suspended: true }).actor.getSnapshot().value).toBe('suspended');
    expect(start(async () => made, { ...withdrawalSetup, twofa: false }).actor.getSnapshot().value).toBe('twoFactorOff');
  });

  it('names the broken rules without sending, then sends good values once and refreshes the wallet', async () => {
    const { actor, request, refreshWallet } = start(async () => made);
    actor.send({ type: 'withdrawal.submit', values: badIban, setup: withdrawalSetup });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ iban: 'iban', confirmAccess: 'walletAccess' });
    expect(request).not.toHaveBeenCalled();
    actor.send({ type: 'withdrawal.submit', values: goodIban, setup: withdrawalSetup });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await waitFor(actor, (s) => s.matches('requested'));
    expect(request).toHaveBeenCalledTimes(1);
    expect(refreshWallet).toHaveBeenCalledTimes(1);
    actor.send({ type: 'withdrawal.again', setup: { ...withdrawalSetup, templates: [] } });
    expect(actor.getSnapshot().context).toMatchObject({ requested: null, values: null, setup: { templates: [] } });
  });

  it('keeps the values after a wrong code and goes to the explanations when the server says so; each refusal goes to the notifier', async () => {
    const wrong = start(async () => ({ ok: false, reason: 'TwoFaCodeError', error: { code: 'validation', reason: 'TwoFaCodeError' } }));
    wrong.actor.send({ type: 'withdrawal.submit', values: byTemplate, setup: withdrawalSetup });
    await waitFor(wrong.actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(wrong.actor.getSnapshot().context.values).toEqual(byTemplate);
    const suspended = start(async () => ({ ok: false, reason: 'WithdrawalsSuspended', error: { code: 'server', reason: 'WithdrawalsSuspended' } }));
    suspended.actor.send({ type: 'withdrawal.submit', values: byTemplate, setup: withdrawalSetup });
    await waitFor(suspended.actor, (s) => s.matches('suspended'));
    expect([wrong.notifyFailure.mock.calls.length, suspended.notifyFailure.mock.calls.length]).toEqual([1, 1]);
    const failed = start(async () => Promise.reject({ code: 'network' }));
    failed.actor.send({ type: 'withdrawal.submit', values: byTemplate, setup: withdrawalSetup });
    await waitFor(failed.actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(failed.notifyFailure).toHaveBeenCalledTimes(1);
  });

  it('checks the amount against the wallet: bounds, decimals, the available balance', () => {
    const eur = withdrawalSetup.currencies[1]!;
    const errors = (amount: string) => withdrawalErrors({ ...goodIban, amount }, eur).amount;
    expect(errors('19.99')).toBe('minAmount:20.00000000');
    expect(errors('5000.01')).toBe('maxAmount:5000.00000000');
    expect(errors('250.01')).toBe('exceedsAvailable');
    expect(errors('20.123')).toBe('amount');
    expect(errors('020')).toBe('amount');
    expect(errors('250')).toBeUndefined();
  });

  it('sends only the chosen payout\'s fields', () => {
    const mixed = { ...goodIban, network: 'TRC20', address: 'T...', swift: 'COBADEFF' };
    expect(relevantValues(mixed)).toEqual(goodIban);
    expect(relevantValues({ ...mixed, templateId: '7' })).toMatchObject({ templateId: '7', iban: '', holderName: '', saveTemplate: false, templateName: '' });
  });

  it('checks IBANs by country length and mod 97 (also Ukrainian ones) and BICs by ISO 9362', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('UA213223130000026007233566001')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('GB82WEST1234569876543')).toBe(false);
    expect(isValidBic('COBADEFFXXX')).toBe(true);
    expect(isValidBic('COBADEFF')).toBe(true);
    expect(isValidBic('COBA1EFF')).toBe(false);
  });

  it('checks through ibantools: typed forms, Ukrainian lengths and check digits, BBAN formats, BIC countries', () => {
    expect(normalizeIban(' ua21-3223 1300\t0002 6007 2335 6600 1 ')).toBe('UA213223130000026007233566001');
    expect(isValidIban('ua21 3223 1300 0002 6007 2335 6600 1')).toBe(true);
    expect(isUkrainianIban('ua21 3223 1300 0002 6007 2335 6600 1')).toBe(true);
    expect(isValidIban('UA213223130000026007233566002')).toBe(false);
    expect(isValidIban('UA21322313000002600723356600')).toBe(false);
    // Right length, but a German BBAN is digits only.
    expect(isValidIban('DE89370400440532013A00')).toBe(false);
    expect(isValidIban('XX89370400440532013000')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(ibanLengths.UA).toBe(29);
    expect(ibanLengths.DE).toBe(22);
    expect(isValidBic(' cobadeff xxx ')).toBe(true);
    expect(normalizeBic(' cobadeff xxx ')).toBe('COBADEFFXXX');
    // No country QQ.
    expect(isValidBic('COBAQQFF')).toBe(false);
    expect(isValidBic('PBANUA2X')).toBe(true);
  });
});

describe('withdrawal cancel', () => {
  it('cancels, says so and refreshes; a refusal goes to the notifier and the list is refreshed', async () => {
    const refreshWallet = vi.fn();
    const notifyFailure = vi.fn();
    const confirmCanceled = vi.fn();
    let answer: 'ok' | 'refused' = 'ok';
    const actor = createActor(
      withdrawalCancelMachine.provide({
        actors: {
          cancelWithdrawal: fromPromise<CancelWithdrawalOutcome, { id: string }>(async () =>
            answer === 'ok'
              ? { ok: true, value: undefined }
              : { ok: false, reason: 'WithdrawalNotCancelable', error: { code: 'server', reason: 'WithdrawalNotCancelable' } },
          ),
        },
        actions: { refreshWallet, confirmCanceled, notifyFailure },
      }),
    ).start();
    actor.send({ type: 'withdrawal.cancel', id: '5' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect([confirmCanceled.mock.calls.length, refreshWallet.mock.calls.length]).toEqual([1, 1]);
    answer = 'refused';
    actor.send({ type: 'withdrawal.cancel', id: '6' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ id: '6', error: { reason: 'WithdrawalNotCancelable' } });
    expect([confirmCanceled.mock.calls.length, refreshWallet.mock.calls.length, notifyFailure.mock.calls.length]).toEqual([1, 2, 1]);
  });
});
