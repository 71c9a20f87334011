// Filing a deal request with stubbed effects: each step checks its own fields before the next shows, a draft comes
// back with its answers, the idempotency key is kept for a retry and renewed for changed answers, a field the
// server refuses brings its step back with the message, and nothing typed is lost on a failure.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AppError } from '../../domain/app-error';
import { dealRequestMachine } from '../../machines/deals/deal-request.machine';
import type { DealRequest, DealValues } from '../../machines/deals/deal-request.types';
import type { Deal } from '../../machines/deals/deals.types';
import { completeAnswers, filedDeal } from '../models/deals-fixtures';

function start(draft: Partial<DealValues> | null, answers: (() => Promise<Deal>)[] = []) {
  const calls = { create: [] as DealRequest[], saveDraft: vi.fn(), clearDraft: vi.fn(), refreshDeals: vi.fn(), notifyFailure: vi.fn() };
  const actor = createActor(
    dealRequestMachine.provide({
      actors: {
        createDeal: fromPromise(async ({ input }) => {
          calls.create.push(input);
          const answer = answers.shift();
          return answer ? answer() : filedDeal;
        }),
      },
      actions: { saveDraft: calls.saveDraft, clearDraft: calls.clearDraft, refreshDeals: calls.refreshDeals, notifyFailure: calls.notifyFailure },
    }),
    { input: { keyPrefix: 'deal', draft } },
  ).start();
  return { actor, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
type Actor = ReturnType<typeof start>['actor'];
const type = (actor: Actor, values: Partial<DealValues>) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.change', field: field as keyof DealValues, value });
};

describe('filing a deal request', () => {
  it('checks each step before the next shows, naming every problem', () => {
    const { actor, calls } = start(null);
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().matches({ editing: 'who' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      first_name: 'required',
      last_name: 'required',
      job: 'required',
      marital_status: 'required',
      kids: 'required',
    });
    type(actor, { first_name: 'Olena', last_name: 'Koval', job: 'x'.repeat(101), marital_status: 'married', kids: 'many' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ job: 'maxLength:100', kids: 'choice' });
    type(actor, { job: 'Architect', kids: '2' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().matches({ editing: 'what' })).toBe(true);
    // Each answer typed is kept as the tab's draft.
    expect(calls.saveDraft).toHaveBeenCalledTimes(7);
    // A field of another step is not taken here.
    type(actor, { first_name: '' });
    expect(actor.getSnapshot().context.values.first_name).toBe('Olena');
  });

  it('comes back with the draft’s answers and files one deal with them', async () => {
    const { actor, calls } = start(completeAnswers);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'deal.submit' });
    await settle();
    expect(calls.create).toEqual([{ input: completeAnswers, idempotencyKey: 'deal-1' }]);
    expect(actor.getSnapshot().context.deal).toEqual(filedDeal);
    expect(calls.clearDraft).toHaveBeenCalledTimes(1);
    expect(calls.refreshDeals).toHaveBeenCalledTimes(1);
    actor.send({ type: 'deal.another' });
    expect(actor.getSnapshot().matches({ editing: 'who' })).toBe(true);
    expect(actor.getSnapshot().context.values.first_name).toBe('');
  });

  it('retries a failed send with the same key, and changed answers with a new one', async () => {
    const offline: AppError = { code: 'network' };
    const { actor, calls } = start(completeAnswers, [() => Promise.reject(offline), () => Promise.reject(offline)]);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'deal.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'contacts' })).toBe(true);
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.values).toEqual(completeAnswers);
    actor.send({ type: 'deal.submit' });
    await settle();
    type(actor, { contacts: 'olena@example.com' });
    actor.send({ type: 'deal.submit' });
    await settle();
    expect(calls.create.map((call) => call.idempotencyKey)).toEqual(['deal-1', 'deal-1', 'deal-2']);
  });

  it('brings back the step of a field the server refused, with its message', async () => {
    const refused: AppError = { code: 'validation', fields: { 'input.payment_scheme': ['Choose one of the options offered.'] }, fieldCodes: { 'input.payment_scheme': ['choice'] } };
    const { actor, calls } = start(completeAnswers, [() => Promise.reject(refused)]);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'deal.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'what' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ payment_scheme: 'choice' });
    expect(calls.notifyFailure).not.toHaveBeenCalled();
    type(actor, { payment_scheme: 'cash' });
    expect(actor.getSnapshot().context.fieldErrors.payment_scheme).toBeUndefined();
  });
});
