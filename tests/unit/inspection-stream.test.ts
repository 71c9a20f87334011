// The built-in inspector's stream: XState's inspection events become masked, plain messages; the log keeps
// a bounded number of events and ended actors; a second tab gets them over BroadcastChannel (Node's, as in
// jsdom), asks for what runs when it opens, and sees a page's actors end when the page goes.
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type InspectionEvent } from 'xstate';
import { masked, maskEventPayload } from '../../src/lib/mask-secrets';
import { InspectionLog, limits, messagesOf, toPlain, type InspectionMessage, type InspectionSource } from '../../src/dev/inspector/inspection-log';
import { linkInspection } from '../../src/dev/inspector/inspection-channel';

const page: InspectionSource = { id: 'page-1', page: '/login' };

const signIn = setup({
  types: {
    input: {} as { session: { access_token: string } | null },
    context: {} as { username: string },
    events: {} as { type: 'credentials.submit'; username: string; password: string } | { type: 'code.change'; value: string },
  },
  actors: {
    check: fromPromise(async () => ({ ok: true as const, value: { access_token: 'tok-secret-1', expires_in: 60 } })),
    child: setup({}).createMachine({ id: 'child', initial: 'idle', states: { idle: {} } }),
  },
}).createMachine({
  id: 'signIn',
  context: { username: '' },
  initial: 'editing',
  invoke: { id: 'child', src: 'child' },
  states: {
    editing: {
      on: {
        'credentials.submit': { target: 'checking', actions: assign({ username: ({ event }) => event.username }) },
        'code.change': {},
      },
    },
    checking: { invoke: { id: 'check', src: 'check', onDone: 'signedIn' } },
    signedIn: { type: 'final' },
  },
});

/** Runs the machine inspected; the messages it makes, in order. */
async function inspectedRun(): Promise<InspectionMessage[]> {
  const events: InspectionEvent[] = [];
  let seq = 0;
  const actor = createActor(signIn, { input: { session: { access_token: 'tok-secret-0' } }, inspect: (event) => events.push(event) });
  actor.start();
  actor.send({ type: 'code.change', value: '123456' });
  actor.send({ type: 'credentials.submit', username: 'demo@example.com', password: 'Demo12345' });
  await new Promise<void>((done) => actor.subscribe({ complete: done }));
  return events.flatMap((event, index) => messagesOf(event, page, 1000 + index, () => (seq += 1)));
}

describe('inspection messages', () => {
  it('mask passwords, codes and tokens in every payload, the flow input and the invoked answers included', async () => {
    const messages = await inspectedRun();
    const text = JSON.stringify(messages);
    for (const secret of ['Demo12345', '123456', 'tok-secret-0', 'tok-secret-1']) expect(text).not.toContain(secret);
    const events = messages.filter((message) => message.kind === 'event');
    expect(events.map((event) => event.type)).toEqual(['xstate.init', 'xstate.init', 'code.change', 'credentials.submit', 'xstate.done.actor.check']);
    expect(events[0]!.payload).toEqual({ input: { session: { access_token: masked } } });
    expect(events[2]!.payload).toEqual({ value: masked });
    expect(events[3]!.payload).toEqual({ username: 'demo@example.com', password: masked });
    expect(events[4]!.payload).toMatchObject({ output: { ok: true, value: { access_token: masked, expires_in: 60 } } });
  });

  it('name each machine and the machine that started it, and leave out the promises a machine invokes', async () => {
    const actors = (await inspectedRun()).filter((message) => message.kind === 'actor');
    expect(actors.map(({ machineId, parentSessionId }) => ({ machineId, started: parentSessionId !== null }))).toEqual([
      { machineId: 'signIn', started: false },
      { machineId: 'child', started: true },
    ]);
    expect(actors[1]!.parentSessionId).toBe(actors[0]!.sessionId);
  });

  it('are plain data a tab can receive: errors, functions and dates become JSON values', () => {
    const plain = toPlain({ error: new Error('failed for token=abc'), run: () => 1, at: new Date(0), nothing: undefined, big: 10n });
    expect(plain).toEqual({ error: { name: 'Error', message: `failed for token=${masked}` }, run: '[function]', at: '1970-01-01T00:00:00.000Z', big: '10' });
    expect(() => structuredClone(plain)).not.toThrow();
  });

  it('mask a handed-over session inside a text, and every text of an event named for a secret', () => {
    expect(maskEventPayload('route.open', { href: '/autologin#access_token=abc&expires_in=60' })).toEqual({ href: `/autologin#access_token=${masked}&expires_in=60` });
    expect(maskEventPayload('password.change', { value: 'hunter2', length: 7 })).toEqual({ value: masked, length: 7 });
    expect(maskEventPayload('amount.change', { value: '49.90' })).toEqual({ value: '49.90' });
  });
});

const actorMessage = (sessionId: string, at = 0): InspectionMessage => ({ kind: 'actor', source: page, sessionId, machineId: `m-${sessionId}`, parentSessionId: null, at });
const eventMessage = (sessionId: string, seq: number): InspectionMessage => ({ kind: 'event', source: page, sessionId, seq, type: `e.${seq}`, payload: {}, at: seq });
const endMessage = (sessionId: string, at: number): InspectionMessage => ({ kind: 'snapshot', source: page, sessionId, value: 'done', status: 'done', at });

describe('the inspection log is bounded', () => {
  it(`keeps the last ${limits.eventsPerActor} events of an actor, newest first`, () => {
    const log = new InspectionLog();
    log.apply(actorMessage('a'));
    for (let seq = 1; seq <= 100; seq += 1) log.apply(eventMessage('a', seq));
    const [actor] = log.list();
    expect(actor!.events).toHaveLength(limits.eventsPerActor);
    expect(actor!.events[0]!.type).toBe('e.100');
    expect(actor!.events.at(-1)!.type).toBe(`e.${100 - limits.eventsPerActor + 1}`);
  });

  it(`keeps the last ${limits.timeline} events on the timeline, oldest first`, () => {
    const log = new InspectionLog();
    for (const id of ['a', 'b']) log.apply(actorMessage(id));
    for (let seq = 1; seq <= 1000; seq += 1) log.apply(eventMessage(seq % 2 ? 'a' : 'b', seq));
    expect(log.timeline()).toHaveLength(limits.timeline);
    expect(log.timeline()[0]!.seq).toBe(1000 - limits.timeline + 1);
    expect(log.timeline().at(-1)!.seq).toBe(1000);
  });

  it(`keeps the ${limits.endedActors} newest ended actors (and their events), running ones first in the list`, () => {
    const log = new InspectionLog();
    log.apply(actorMessage('running'));
    for (let index = 0; index < 30; index += 1) {
      log.apply(actorMessage(`ended-${index}`, index));
      log.apply(eventMessage(`ended-${index}`, index + 1));
      log.apply(endMessage(`ended-${index}`, 100 + index));
    }
    const list = log.list();
    expect(list).toHaveLength(1 + limits.endedActors);
    expect(list[0]!.machineId).toBe('m-running');
    expect(list[1]!.machineId).toBe('m-ended-29');
    expect(list.some((actor) => actor.sessionId === 'ended-9')).toBe(false);
    expect(log.timeline().map((event) => event.actorKey)).not.toContain('page-1:ended-9');
    expect(list[1]!.status).toBe('done');
  });
});

describe('a second tab over BroadcastChannel', () => {
  const opened: BroadcastChannel[] = [];
  let channelName = '';
  /** A channel of this test's own (Node delivers across vitest's workers too). */
  const channel = () => {
    const made = new BroadcastChannel(channelName);
    opened.push(made);
    return made;
  };
  afterEach(() => opened.splice(0).forEach((made) => made.close()));
  const until = async (check: () => boolean) => {
    for (let tries = 0; tries < 100 && !check(); tries += 1) await new Promise((next) => setTimeout(next, 5));
    expect(check()).toBe(true);
  };

  it('gets what runs in the app when it opens, then every new message, masked; and the actors end with the page', async () => {
    channelName = `inspection-test-${Math.random()}`;
    const posted: InspectionMessage[] = [];
    channel().addEventListener('message', (event) => posted.push((event as MessageEvent).data));
    const appLog = new InspectionLog();
    const app = linkInspection(appLog, page, channel());
    const inspectorLog = new InspectionLog();
    const inspector = linkInspection(inspectorLog, { id: 'inspector', page: '/flows' }, channel());

    for (const message of await inspectedRun()) app.publish(message);
    await until(() => posted.some((message) => message.kind === 'event' && message.type === 'xstate.done.actor.check'));
    // Not listening yet: the inspector tab keeps nothing of the app's.
    expect(inspectorLog.list()).toEqual([]);

    const stop = inspector.listen();
    await until(() => inspectorLog.list().length === 2);
    expect(posted.map((message) => message.kind)).toContain('hello');
    const signInActor = inspectorLog.list().find((actor) => actor.machineId === 'signIn')!;
    expect(signInActor.source).toEqual(page);
    expect(signInActor.value).toBe('signedIn');
    expect(signInActor.events.map((event) => event.type)).toContain('credentials.submit');
    expect(inspectorLog.timeline().length).toBe(appLog.timeline().length);

    app.publish(actorMessage('late', 2000));
    await until(() => inspectorLog.list().some((actor) => actor.sessionId === 'late'));
    app.bye();
    await until(() => inspectorLog.list().every((actor) => actor.status !== 'active'));
    expect(inspectorLog.list().find((actor) => actor.sessionId === 'late')!.status).toBe('stopped');

    // Everything that went over the channel was masked plain data.
    const sent = JSON.stringify(posted);
    for (const secret of ['Demo12345', '123456', 'tok-secret-0', 'tok-secret-1']) expect(sent).not.toContain(secret);
    stop();
    app.close();
    inspector.close();
  });

  it('stops taking in other tabs once the inspector closes, and a page never applies its own messages twice', async () => {
    channelName = `inspection-test-${Math.random()}`;
    const appLog = new InspectionLog();
    const app = linkInspection(appLog, page, channel());
    const inspectorLog = new InspectionLog();
    const inspector = linkInspection(inspectorLog, { id: 'inspector', page: '/flows' }, channel());
    const stop = inspector.listen();
    app.publish(actorMessage('a'));
    app.publish(eventMessage('a', 1));
    await until(() => inspectorLog.timeline().length === 1);
    expect(appLog.timeline()).toHaveLength(1);
    stop();
    app.publish(eventMessage('a', 2));
    // A message the inspector would take, to know the one before it has been delivered.
    const probe = channel();
    const delivered = new Promise((done) => probe.addEventListener('message', done, { once: true }));
    app.publish(eventMessage('a', 3));
    await delivered;
    await new Promise((next) => setTimeout(next, 10));
    expect(inspectorLog.timeline()).toHaveLength(1);
    app.close();
    inspector.close();
  });
});
