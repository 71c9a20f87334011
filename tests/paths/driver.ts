// QA paths in the real browser: a machine's model paths (tests/models) walked through the real app against
// the reference server. A driver says, for one machine, how each model step happens on the real page: a
// member's event is a gesture (click or type by role and name, as the view walks do), an invoke's answer is
// arranged on the server before the step that starts the call (dev controls, the sandbox gateway, the test
// runner's own API calls), a timer is Playwright's clock. What the server cannot be made to answer at that
// moment (a state it cannot go back from) is staged on the wire from the server's own answer, and the report
// says which steps were staged. After every step the page must show the state the model is in.
import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { Model, ModelPath } from '../support/model-paths';

/** What one path's walk shares between the driver's functions. */
export interface PathContext {
  page: Page;
  request: APIRequestContext;
  path: ModelPath;
  /** The driver's own per-path state (the invoice it made, the member it signed in as). */
  state: Record<string, any>;
  wire: Wire;
  /** The model's state before the step being taken (what the flow holds as the walk acts). */
  before?: AnyMachineSnapshot;
  /** Words for the report: a step's answer was staged on the wire, not made by the server. */
  staged: (why: string) => void;
}

export interface MachineDriver {
  /** The machine's file name (machines/<area>/<name>.machine.ts), as `npm run test:paths -- <name>` takes it. */
  name: string;
  model: Model<AnyStateMachine>;
  /** Before the walk: a member, the data the path needs (the whole path is passed, to look ahead). */
  prepare: (ctx: PathContext) => Promise<void>;
  /** The first step: opens the page where the flow starts, for the path's input variant. */
  open: (ctx: PathContext) => Promise<void>;
  /** Member events: a gesture on the page. */
  gestures: Record<string, (ctx: PathContext, event: any) => Promise<void>>;
  /**
   * Invoke answers (`xstate.done.actor.X`, `xstate.error.actor.X`), arranged before the step that starts the
   * call; an answer missing here fails the walk.
   */
  answers: Record<string, (ctx: PathContext, event: any) => Promise<void>>;
  /**
   * Answers the walk makes happen at their own step on the page (a child flow's end: the member pays through
   * it), or that the real app cannot give (throw NotOnPage).
   */
  settles?: Record<string, (ctx: PathContext, event: any) => Promise<void>>;
  /** Timers (`xstate.after.<delay>...`): moves Playwright's clock. */
  delays: Record<string, (ctx: PathContext, event: EventObject) => Promise<void>>;
  /**
   * The GraphQL operation each invoked actor's call sends first: a call the path answers only after other
   * steps (or never) is held on the wire until its answer's step.
   */
  operations: Record<string, string>;
  /** What the page shows in this state of the model; throws (expect) when it does not. */
  expectScreen: (ctx: PathContext, snapshot: AnyMachineSnapshot) => Promise<void>;
  /**
   * A state the real app passes through faster than a screen can show it (a call in flight): no check, and
   * the gallery lists it as having no screen of its own.
   */
  isPassing: (snapshot: AnyMachineSnapshot) => boolean;
  /**
   * What the gallery says of a state with no screen of its own when the reason is not a call in flight (a flow
   * that works out of sight, such as the session kept in step between tabs).
   */
  noScreen?: (snapshot: AnyMachineSnapshot) => string | null;
  /** The gallery's name for the screen a state shows (by default its state value). */
  screenName?: (snapshot: AnyMachineSnapshot) => string;
}

type WireRule = { operation: string; once: boolean; handle: (route: Route) => Promise<void> };

/**
 * The GraphQL calls between the page and the server: each passes untouched unless a rule for its operation
 * says otherwise (a call that never gets an answer, an answer staged from the server's own), or the call is
 * held until the path's step that answers it.
 */
export class Wire {
  private rules: WireRule[] = [];
  private holds = new Map<string, number>();
  private held = new Map<string, Route[]>();
  private waiting = new Map<string, (() => void)[]>();

  async install(page: Page) {
    await page.route('**/graphql', async (route) => {
      const operation = operationOf(route);
      if (operation && (this.holds.get(operation) ?? 0) > 0) {
        this.holds.set(operation, this.holds.get(operation)! - 1);
        this.held.set(operation, [...(this.held.get(operation) ?? []), route]);
        this.waiting.get(operation)?.splice(0).forEach((wake) => wake());
        return;
      }
      await this.answer(route, operation);
    });
  }

  private async answer(route: Route, operation: string | null) {
    const index = this.rules.findIndex((rule) => rule.operation === operation);
    if (index < 0) return route.fallback();
    const rule = this.rules[index]!;
    if (rule.once) this.rules.splice(index, 1);
    await rule.handle(route);
  }

  /** The next call of `operation` waits on the wire until `release`. */
  hold(operation: string) {
    this.holds.set(operation, (this.holds.get(operation) ?? 0) + 1);
  }

  /** The oldest held call of `operation` goes on (as the rules say), once the page has sent it. */
  async release(operation: string) {
    if (!this.held.get(operation)?.length) {
      await new Promise<void>((wake) => this.waiting.set(operation, [...(this.waiting.get(operation) ?? []), wake]));
    }
    const route = this.held.get(operation)!.shift()!;
    await this.answer(route, operation);
  }

  /** The next call of `operation` never gets an answer (the network fails), as a dropped connection does. */
  failOnce(operation: string) {
    this.clear(operation);
    this.rules.push({ operation, once: true, handle: (route) => route.abort('connectionrefused') });
  }

  /**
   * The next call of `operation` is answered with `answer` without reaching the server (a refusal the server would
   * only give at another moment): as a rule of the wire, so a call held until its step is answered then.
   */
  answerOnce(operation: string, answer: unknown) {
    this.clear(operation);
    this.rules.push({ operation, once: true, handle: (route) => route.fulfill({ json: answer }) });
  }

  /** Answers of `operation` are the server's own, changed by `change` (until cleared, or once). */
  stage(operation: string, change: (answer: any) => any, once = false) {
    this.clear(operation);
    this.rules.push({
      operation,
      once,
      handle: async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: change(await response.json()) });
      },
    });
  }

  clear(operation: string) {
    this.rules = this.rules.filter((rule) => rule.operation !== operation);
  }
}

/** A gesture the real page does not offer in this state (the model allows it): the walk stops there, and says why. */
export class NotOnPage extends Error {}

/** The GraphQL operation a call of the page names. */
export function operationOf(route: Route): string | null {
  try {
    const body = route.request().postDataJSON() as { operationName?: string; query?: string } | null;
    return body?.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body?.query ?? '')?.[1] ?? null;
  } catch {
    return null;
  }
}

/** A named refusal as the server sends it (server/errors.ts). */
export const serverRefusal = (category: string, reason: string, message: string) => ({
  data: null,
  errors: [{ message, extensions: { category, reason } }],
});

export const isSettle = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');
export const isDelay = (type: string) => type.startsWith('xstate.after.');
const actorOf = (type: string) => type.split('.').slice(3).join('.');

export interface CallPlan {
  /** Per step, the answer steps whose calls it starts (the answers are arranged before it). */
  arrangeAt: Map<number, number[]>;
  /** Per step, the operations to hold before it (a call answered only after other steps, or never). */
  holdAt: Map<number, string[]>;
  /** Per answer step, the held operation it releases. */
  releaseAt: Map<number, string>;
}

const push = <T>(map: Map<number, T[]>, key: number, value: T) => map.set(key, [...(map.get(key) ?? []), value]);

/**
 * When each call of the path starts and is answered. A call starts at the step whose state first runs its
 * actor; a step that is itself an answer happens by itself in the real app, so what it starts is arranged at
 * the member's step (or timer) before it. A call with a member's step between its start and its answer, or
 * with no answer at all, is held on the wire until its answer.
 */
export function planCalls(path: ModelPath, operations: Record<string, string>): CallPlan {
  const steps = path.path.steps;
  const plan: CallPlan = { arrangeAt: new Map(), holdAt: new Map(), releaseAt: new Map() };
  const runs = (index: number, actor: string) => index >= 0 && actor in (steps[index]!.state.children ?? {});
  const typeOf = (index: number) => (steps[index]!.event as EventObject).type;
  const triggerOf = (index: number) => {
    let at = index;
    while (at > 0 && isSettle(typeOf(at))) at -= 1;
    return at;
  };
  for (const actor of Object.keys(operations)) {
    // Each call of the actor: the step it starts at, and the step that answers it (none: left unanswered).
    const calls: { start: number; end: number | null }[] = [];
    let current: number | null = null;
    for (let index = 0; index < steps.length; index += 1) {
      if (current !== null && answers(typeOf(index), actor)) {
        calls.push({ start: current, end: index });
        current = null;
      } else if (current !== null && !runs(index, actor)) {
        calls.push({ start: current, end: null });
        current = null;
      }
      if (current === null && runs(index, actor)) current = index;
    }
    if (current !== null) calls.push({ start: current, end: null });
    for (const { start, end } of calls) {
      const trigger = triggerOf(start);
      if (end !== null) push(plan.arrangeAt, trigger, end);
      const last = end ?? steps.length;
      const memberStepBetween = steps.slice(start + 1, last).some((step) => !isSettle((step.event as EventObject).type));
      if (end === null || memberStepBetween) {
        push(plan.holdAt, trigger, operations[actor]!);
        if (end !== null) plan.releaseAt.set(end, operations[actor]!);
      }
    }
  }
  return plan;
}

const answers = (type: string, actor: string) => isSettle(type) && actorOf(type) === actor;

/** The state's description in words: the deepest active states' `meta.description`, read from the machine. */
export function stateWords(snapshot: AnyMachineSnapshot): string {
  const meta = snapshot.getMeta() as Record<string, { description?: string } | undefined>;
  const ids = Object.keys(meta).filter((id) => meta[id]?.description);
  const leaves = ids.filter((id) => !ids.some((other) => other !== id && other.startsWith(`${id}.`)));
  return leaves.map((id) => meta[id]!.description!).join(' ');
}

/** An event in words: its transition's `meta.description` where the machine has one, else what it is. */
export function eventWords(machine: AnyStateMachine, before: AnyMachineSnapshot | null, event: EventObject & Record<string, any>): string {
  if (event.type === 'xstate.init') return 'The flow starts.';
  const described = before
    ? machine
        .getTransitionData(before as never, event as never)
        .map((transition) => (transition.meta as { description?: string } | undefined)?.description)
        .find(Boolean)
    : undefined;
  if (described) return described;
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = event.output as { ok?: boolean; reason?: string; value?: any; status?: string } | undefined;
    const what =
      output?.ok === false ? `refused: ${output.reason}` : output?.ok === true ? 'succeeds' : output?.status ? `answers: invoice ${output.status}` : 'answers';
    return `${actorOf(event.type)} ${what}.`;
  }
  if (event.type.startsWith('xstate.error.actor.')) return `${actorOf(event.type)} gets no answer (network error).`;
  if (event.type.startsWith('xstate.after.')) return `The ${event.type.split('.')[2]} timer fires.`;
  const details = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${event.type}${details.length ? ` (${details.join(', ')})` : ''}`;
}

/** Waits, within the expect timeout, until the page shows the state (the driver's check passes). */
export async function expectState(driver: MachineDriver, ctx: PathContext, snapshot: AnyMachineSnapshot, timeout: number) {
  await expect(async () => driver.expectScreen(ctx, snapshot)).toPass({ timeout, intervals: [100, 250, 500] });
}

export const stateValueKey = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([key, child]) => `${key}.${stateValueKey(child)}`)
        .join('+');
