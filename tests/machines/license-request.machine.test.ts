// Requesting a license with stubbed effects: the refusals before the form, each field's problem by the domain
// schema (the broker's server only for a product that needs it), the idempotency key kept for a retry and renewed
// for new values, a made request joining the list with the stock one less, and the server's field codes beside
// their fields with nothing typed lost.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { licenseRequestMachine } from '../../machines/licenses/license-request.machine';
import type { CreateLicenseOutcome, CreateLicenseRequest, LicenseField, LicenseOverview } from '../../machines/licenses/license-request.types';
import { memberOverview, noProductsOverview, pendingRequest, usedUpOverview } from '../models/licenses-fixtures';

function start(overviews: LicenseOverview[], answers: (() => Promise<CreateLicenseOutcome>)[] = []) {
  const calls = { create: [] as CreateLicenseRequest[], loads: 0, notifyFailure: vi.fn() };
  const actor = createActor(
    licenseRequestMachine.provide({
      actors: {
        loadOverview: fromPromise(async () => overviews[Math.min(calls.loads++, overviews.length - 1)]!),
        createRequest: fromPromise(async ({ input }) => {
          calls.create.push(input);
          const answer = answers.shift();
          return answer ? answer() : { ok: true as const, value: pendingRequest };
        }),
      },
      actions: { notifyFailure: calls.notifyFailure },
    }),
    { input: { keyPrefix: 'lr' } },
  ).start();
  return { actor, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
type Actor = ReturnType<typeof start>['actor'];
const fill = (actor: Actor, values: Partial<Record<LicenseField, string>>) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.change', field: field as LicenseField, value });
};
const submit = (actor: Actor) => {
  actor.send({ type: 'request.submit' });
  return actor.getSnapshot().context.fieldErrors;
};

describe('requesting a license', () => {
  it('says why before the form when no products are bought, or every license is issued or under review', async () => {
    for (const [overview, reason] of [
      [noProductsOverview, 'NoProductsBought'],
      [usedUpOverview, 'NoLicensesLeft'],
    ] as const) {
      const { actor, calls } = start([overview]);
      await settle();
      expect(actor.getSnapshot().matches({ ready: 'refused' })).toBe(true);
      expect(actor.getSnapshot().context.overview?.reason).toBe(reason);
      fill(actor, { brokerAccount: 'ACC-1' });
      submit(actor);
      await settle();
      expect(calls.create).toEqual([]);
    }
  });

  it('names each field’s problem, offers only products with licenses left, and asks for the broker’s server only for a product that needs it', async () => {
    const { actor } = start([memberOverview]);
    await settle();
    expect(submit(actor)).toEqual({ productId: 'required', brokerAccount: 'required' });
    // The old product has no licenses left: it is not offered, so it is not taken.
    fill(actor, { productId: 'old', brokerAccount: 'AC', brokerServer: 'Broker-Live02' });
    expect(actor.getSnapshot().context.values).toMatchObject({ productId: '', brokerServer: '' });
    expect(submit(actor)).toEqual({ productId: 'required', brokerAccount: 'minLength:3' });
    fill(actor, { productId: 'copy', brokerAccount: 'ACC 1001' });
    expect(submit(actor)).toEqual({ brokerAccount: 'brokerAccount', brokerServer: 'required' });
    fill(actor, { productId: 'tracker', brokerAccount: 'ACC-1001' });
    expect(submit(actor)).toEqual({});
    expect(actor.getSnapshot().matches({ ready: 'sending' })).toBe(true);
  });

  it('clears a field’s problem as the member types in it, and keeps the others', async () => {
    const { actor } = start([memberOverview]);
    await settle();
    submit(actor);
    fill(actor, { brokerAccount: 'A' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ productId: 'required' });
  });

  it('retries a failed call with the same key, and changed values with a new one, keeping what was typed', async () => {
    const { actor, calls } = start([memberOverview], [() => Promise.reject({ code: 'network' }), () => Promise.reject({ code: 'network' })]);
    await settle();
    fill(actor, { productId: 'copy', brokerAccount: 'MT-2002', brokerServer: 'Broker-Live02', comment: ' ' });
    submit(actor);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ productId: 'copy', brokerAccount: 'MT-2002', brokerServer: 'Broker-Live02', comment: ' ' });
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    submit(actor);
    await settle();
    fill(actor, { comment: 'Second account' });
    submit(actor);
    await settle();
    expect(calls.create).toEqual([
      { productId: 'copy', brokerAccount: 'MT-2002', brokerServer: 'Broker-Live02', comment: null, idempotencyKey: 'lr:1' },
      { productId: 'copy', brokerAccount: 'MT-2002', brokerServer: 'Broker-Live02', comment: null, idempotencyKey: 'lr:1' },
      { productId: 'copy', brokerAccount: 'MT-2002', brokerServer: 'Broker-Live02', comment: 'Second account', idempotencyKey: 'lr:2' },
    ]);
  });

  it('sends no server for a product that needs none, even when one was typed for another product', async () => {
    const { actor, calls } = start([memberOverview]);
    await settle();
    fill(actor, { productId: 'copy', brokerServer: 'Broker-Live02' });
    fill(actor, { productId: 'tracker', brokerAccount: 'ACC-2002' });
    submit(actor);
    await settle();
    expect(calls.create[0]).toMatchObject({ productId: 'tracker', brokerServer: null });
  });

  it('puts a made request first in the list as pending, takes one from its product’s stock and starts the form again', async () => {
    const copyRequest = { ...pendingRequest, productId: 'copy', productName: 'Copy-Trading Access', brokerServer: 'Broker-Live02' };
    const { actor } = start([memberOverview, new Promise(() => {}) as never], [async () => ({ ok: true, value: copyRequest })]);
    await settle();
    fill(actor, { productId: 'copy', brokerAccount: 'ACC-2002', brokerServer: 'Broker-Live02' });
    submit(actor);
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    expect(context.overview?.requests.map((request) => [request.id, request.status])).toEqual([
      ['13', 'pending'],
      ['12', 'declined'],
      ['11', 'accepted'],
    ]);
    expect(context.overview?.products.find((product) => product.id === 'copy')?.licensesLeft).toBe(0);
    // Only the tracker has licenses left now: the form starts on it.
    expect(context.values).toEqual({ productId: 'tracker', brokerAccount: '', brokerServer: '', comment: '' });
    expect(context.created).toEqual(copyRequest);
  });

  it('shows the refusal once the page loads again when the last license went meanwhile', async () => {
    const { actor, calls } = start(
      [memberOverview, usedUpOverview],
      [async () => ({ ok: false, reason: 'NoLicensesLeft', error: { code: 'server', category: 'conflict', reason: 'NoLicensesLeft' } })],
    );
    await settle();
    fill(actor, { productId: 'tracker', brokerAccount: 'ACC-2002' });
    submit(actor);
    await settle();
    await settle();
    expect(calls.notifyFailure).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ ready: 'refused' })).toBe(true);
  });

  it('puts the server’s field codes beside their fields and keeps the values', async () => {
    const { actor } = start([memberOverview], [() => Promise.reject({ code: 'validation', category: 'validation', fieldCodes: { broker_account: ['brokerAccount'] } })]);
    await settle();
    fill(actor, { productId: 'tracker', brokerAccount: 'ACC-2002' });
    submit(actor);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ brokerAccount: 'brokerAccount' });
    expect(actor.getSnapshot().context.values.brokerAccount).toBe('ACC-2002');
  });
});
