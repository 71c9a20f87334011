import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { depositMachine } from '../../machines/payments/deposit.machine';
import type { DepositOutcome, DepositRequest } from '../../machines/payments/deposit.types';
import { depositInput } from '../models/deposit.model';

function startDeposit(answer: (request: DepositRequest) => Promise<DepositOutcome>) {
  const calls = vi.fn<(request: DepositRequest) => void>();
  const actor = createActor(
    depositMachine.provide({
      actors: {
        depositFunds: fromPromise<DepositOutcome, DepositRequest>(async ({ input }) => {
          calls(input);
          return answer(input);
        }),
      },
    }),
    { input: depositInput() },
  ).start();
  const type = (value: string) => actor.send({ type: 'amount.change', value });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, calls, type, flush };
}

describe('deposit', () => {
  it('takes digits and one decimal point, 5 characters at most, no leading zero', () => {
    const { actor, type } = startDeposit(async () => ({ ok: true, value: { invoiceId: '1' } }));
    for (const [typed, kept] of [
      ['1', '1'],
      ['12.5', '12.5'],
      ['12.5.', '12.5'],
      ['0', '12.5'],
      ['012', '12.5'],
      ['12a', '12.5'],
      ['123456', '12.5'],
      ['50000', '50000'],
      ['', ''],
    ] as const) {
      type(typed);
      expect(actor.getSnapshot().context.amount).toBe(kept);
    }
  });

  it('refuses an amount outside 10-50000 before asking the server', () => {
    const { actor, calls, type } = startDeposit(async () => ({ ok: true, value: { invoiceId: '1' } }));
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('required');
    type('5');
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('min');
    type('50001');
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('max');
    expect(calls).not.toHaveBeenCalled();
  });

  it('tries the same deposit again with the same key; another amount gets a new one', async () => {
    let failing = true;
    const { actor, calls, type, flush } = startDeposit(async () => {
      if (failing) {
        failing = false;
        throw { code: 'network' };
      }
      return { ok: true, value: { invoiceId: '77' } };
    });
    type('100');
    actor.send({ type: 'currency.select', currency: 'EUR' });
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network' });
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(calls.mock.calls.map(([request]) => request)).toEqual([
      { amount: '100', currency: 'EUR', idempotencyKey: 'deposit-1:1' },
      { amount: '100', currency: 'EUR', idempotencyKey: 'deposit-1:1' },
    ]);
    expect(actor.getSnapshot().output).toEqual({ invoiceId: '77' });
  });

  it('a refused amount (AmountOutOfRange) keeps what was typed, with the reason', async () => {
    const { actor, type, flush } = startDeposit(async () => ({
      ok: false,
      reason: 'AmountOutOfRange',
      error: { code: 'validation', reason: 'AmountOutOfRange', message: 'The amount must be at least 10 EUR.' },
    }));
    type('10');
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ amount: '10', error: { reason: 'AmountOutOfRange' } });
  });
});
