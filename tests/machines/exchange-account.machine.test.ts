// Adding or editing an exchange account with stubbed effects: exactly the chosen exchange's credentials (a
// passphrase only where it uses one), a name-only edit that sends no key, a refused key that keeps everything typed
// and names where the checks stopped, one idempotency key per set of answers, and where each outcome goes.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { exchangeAccountMachine } from '../../machines/trading/exchange-account.machine';
import { selectChecklist } from '../../machines/trading/exchange-account.selectors';
import type { AccountField, ExchangeAccountInput, SaveAccountOutcome, SaveAccountRequest } from '../../machines/trading/exchange-account.types';
import { failure, networkError, success } from '../support/fixtures';
import { addedAccount, binanceMain, exchanges, renamedAccount } from '../models/trading-fixtures';

function start(input: ExchangeAccountInput, answers: (() => Promise<SaveAccountOutcome>)[] = []) {
  const calls = { save: [] as SaveAccountRequest[], notifyFailure: vi.fn(), refreshAccounts: vi.fn(), showAccount: vi.fn() };
  const actor = createActor(
    exchangeAccountMachine.provide({
      actors: {
        saveAccount: fromPromise(async ({ input: request }) => {
          calls.save.push(request);
          const answer = answers.shift();
          return answer ? answer() : success(request.accountId ? renamedAccount : addedAccount);
        }),
      },
      actions: {
        notifyFailure: calls.notifyFailure,
        refreshAccounts: calls.refreshAccounts,
        showAccount: ({ context }) => calls.showAccount(context.account!.id),
      },
    }),
    { input },
  ).start();
  actor.send({ type: 'form.open' });
  return { actor, calls };
}

const adding: ExchangeAccountInput = { mode: 'add', keyPrefix: 'acc', exchanges };
const editing: ExchangeAccountInput = { mode: 'edit', keyPrefix: 'acc', exchanges, account: binanceMain };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
type Actor = ReturnType<typeof start>['actor'];
const fill = (actor: Actor, values: Partial<Record<AccountField, string>>) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.change', field: field as AccountField, value });
};
const submit = (actor: Actor) => {
  actor.send({ type: 'account.submit' });
  return actor.getSnapshot().context.fieldErrors;
};
const okxAnswers = { name: 'Main', exchange: 'okx', api_key: 'invalid-key-1', secret: 'secret-1', passphrase: 'phrase-1' };

describe('adding or editing an exchange account', () => {
  it('asks for exactly the chosen exchange’s credentials: a passphrase for OKX, none for Binance, nothing before an exchange', async () => {
    const { actor, calls } = start(adding);
    expect(submit(actor)).toEqual({ name: 'required', exchange: 'required' });
    // No credential field shows before the exchange is chosen, so none can be typed.
    fill(actor, { api_key: 'valid-1' });
    expect(actor.getSnapshot().context.values.api_key).toBe('');
    fill(actor, { name: 'A name longer than 20!', exchange: 'okx', api_key: 'valid 1' });
    expect(submit(actor)).toEqual({ name: 'maxLength:20', api_key: 'credential', secret: 'required', passphrase: 'required' });
    fill(actor, { exchange: 'binance', name: 'Main', api_key: 'valid-1', secret: 's-1' });
    // Binance needs no passphrase: its problem goes with it, and the form may be sent.
    expect(submit(actor)).toEqual({});
    await settle();
    expect(calls.save[0]!.input).toEqual({ name: 'Main', exchange: 'binance', api_key: 'valid-1', secret: 's-1', passphrase: null });
  });

  it('a refused key brings the member back with everything typed, the checks passed ticked and the failed one named; the next try has a new key', async () => {
    const { actor, calls } = start(adding, [
      async () => failure({ code: 'server', category: 'conflict', reason: 'ApiKeyCanWithdraw' }),
      async () => success(addedAccount),
    ]);
    fill(actor, okxAnswers);
    submit(actor);
    expect(selectChecklist(actor.getSnapshot())).toBe('credentials:checking,balance:checking,trading:checking,withdrawal:checking,qualified:checking');
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.values).toEqual(okxAnswers);
    expect(selectChecklist(snapshot)).toBe('credentials:passed,balance:passed,trading:passed,withdrawal:failed,qualified:notReached');
    expect(calls.notifyFailure).not.toHaveBeenCalled();
    fill(actor, { api_key: 'valid-key-1' });
    submit(actor);
    await settle();
    expect(calls.save.map((request) => request.idempotencyKey)).toEqual(['acc:1', 'acc:2']);
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls.showAccount).toHaveBeenCalledWith(addedAccount.id);
    expect(calls.refreshAccounts).toHaveBeenCalledTimes(1);
  });

  it('retries a failed call with the same key (at most one account), and changed answers with a new one', async () => {
    const { actor, calls } = start(adding, [async () => Promise.reject(networkError), async () => Promise.reject(networkError)]);
    fill(actor, okxAnswers);
    submit(actor);
    await settle();
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.values).toEqual(okxAnswers);
    submit(actor);
    await settle();
    fill(actor, { name: 'Main 2' });
    submit(actor);
    await settle();
    expect(calls.save.map((request) => request.idempotencyKey)).toEqual(['acc:1', 'acc:1', 'acc:2']);
  });

  it('maintenance decides nothing and a services’ limit offers the upgrade: both beside the form, not in the notifier', async () => {
    for (const reason of ['ExchangeMaintenance', 'AccountLimitReached'] as const) {
      const { actor, calls } = start(adding, [async () => failure({ code: 'server', category: 'conflict', reason })]);
      fill(actor, okxAnswers);
      submit(actor);
      await settle();
      expect(actor.getSnapshot().context.refusal).toBe(reason);
      expect(selectChecklist(actor.getSnapshot())).toBe('');
      expect(calls.notifyFailure).not.toHaveBeenCalled();
    }
  });

  it('a field the server refuses shows beside it', async () => {
    const { actor } = start(adding, [
      async () => Promise.reject({ code: 'validation', category: 'validation', fieldCodes: { 'input.passphrase': ['required'] } }),
    ]);
    fill(actor, okxAnswers);
    submit(actor);
    await settle();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ passphrase: 'required' });
  });

  it('an edit needs the name only; a new key, once typed, needs all of the exchange’s fields and is checked', async () => {
    const { actor, calls } = start(editing);
    // The exchange of an account does not change.
    fill(actor, { exchange: 'okx', name: 'Main' });
    expect(actor.getSnapshot().context.values.exchange).toBe('binance');
    expect(submit(actor)).toEqual({});
    await settle();
    expect(calls.save[0]).toMatchObject({ accountId: binanceMain.id, input: { name: 'Main', api_key: null, secret: null, passphrase: null } });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.account).toEqual(renamedAccount);
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'Main', api_key: '' });
    expect(calls.showAccount).not.toHaveBeenCalled();
    actor.send({ type: 'form.open' });
    fill(actor, { api_key: 'valid-2' });
    expect(submit(actor)).toEqual({ secret: 'required' });
  });
});
