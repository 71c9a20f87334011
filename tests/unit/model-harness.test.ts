// The model-test harness itself (tests/support/model-*.ts), on a tiny machine: a complete model covers
// every state and transition, and a model that falls short says which transition no path takes and why.
import { describe, expect, it } from 'vitest';
import { assign, setup, type AnyEventObject } from 'xstate';
import { notProvidedActor } from '../../machines/shared/not-provided';
import { coverageReport, isComplete, modelCoverage } from '../support/model-coverage';
import { planPaths, type Model } from '../support/model-paths';
import { runPath } from '../support/model-replay';

type TinyEvent = { type: 'amount.submit'; amount: number } | { type: 'form.reset' } | { type: 'step.next' };

/** Edit an amount; a big one is saved (the save may fail), a small one is refused; a short wizard after. */
const tinyMachine = setup({
  types: { context: {} as { amount: number; refused: boolean }, events: {} as TinyEvent },
  actors: { save: notProvidedActor<void, { amount: number }>('save') },
  guards: { isBig: ({ event }) => event.type === 'amount.submit' && event.amount >= 100 },
  delays: { patience: 30_000 },
}).createMachine({
  id: 'tiny',
  context: { amount: 0, refused: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'amount.submit': [
          { guard: 'isBig', target: 'saving', actions: assign({ amount: ({ event }) => event.amount, refused: false }) },
          { actions: assign({ refused: true }) },
        ],
        'form.reset': { actions: assign({ amount: 0, refused: false }) },
      },
    },
    saving: {
      invoke: { id: 'save', src: 'save', input: ({ context }) => ({ amount: context.amount }), onDone: 'wizard', onError: 'editing' },
      after: { patience: 'editing' },
    },
    wizard: {
      initial: 'one',
      states: {
        one: { on: { 'step.next': 'two' } },
        two: { on: { 'step.next': 'three' } },
        three: { on: { 'step.next': 'done' } },
        done: { type: 'final' },
      },
      onDone: 'finished',
    },
    finished: { type: 'final' },
  },
});

const fixtures = {
  'amount.submit': [
    { type: 'amount.submit', amount: 250 },
    { type: 'amount.submit', amount: 5 },
  ],
  'form.reset': [{ type: 'form.reset' }],
  'step.next': [{ type: 'step.next' }],
  'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: undefined }],
  'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: { code: 'network' } }],
  'xstate.after.patience.tiny.saving': [{ type: 'xstate.after.patience.tiny.saving' }],
} satisfies Record<string, AnyEventObject[]>;

const model = (changes: Partial<Model<typeof tinyMachine>> = {}, leaveOut: (keyof typeof fixtures)[] = []): Model<typeof tinyMachine> => ({
  machine: tinyMachine,
  inputs: [{ label: 'empty form', input: undefined }],
  events: Object.entries(fixtures)
    .filter(([type]) => !leaveOut.includes(type as keyof typeof fixtures))
    .flatMap(([, events]) => events),
  contextKeys: ['refused'],
  ...changes,
});

/** The report of a coverage that must be short, for the assertions on its wording. */
function shortfall(tested: Model<typeof tinyMachine>) {
  const coverage = modelCoverage(tested);
  expect(isComplete(coverage)).toBe(false);
  return { coverage, report: coverageReport(coverage) };
}

describe('the model harness', () => {
  it('covers every state and transition of a complete model, with titles in words', async () => {
    const plan = planPaths(model());
    const coverage = modelCoverage(model(), plan);
    expect(coverage).toMatchObject({
      machine: 'tiny',
      states: { reached: 8, total: 8, missing: [] },
      transitions: { taken: 10, total: 10, missing: [] },
    });
    expect(plan.cut).toEqual([]);
    expect(plan.paths.map((path) => path.title)).toContain(
      'tiny: editing → amount.submit → saving → xstate.done.actor.save → wizard.one → step.next → wizard.two → step.next → wizard.three → step.next → finished',
    );
    // Every path replays on a live actor with fake effects and lands where the machine said.
    for (const path of plan.paths) {
      const seen: unknown[] = [];
      const run = await runPath(tinyMachine, path, (actor, expected) => {
        expect(actor.getSnapshot().value).toEqual(expected.value);
        expect(actor.getSnapshot().context).toEqual(expected.context);
        seen.push(expected.value);
      });
      expect(seen).toHaveLength(path.path.steps.length - 1);
      if (path.description.includes('saving')) expect(run.actorInputs.save).toContainEqual({ amount: 250 });
    }
  });

  it('names the transition an event without a fixture leaves untaken', () => {
    const { coverage, report } = shortfall(model({}, ['xstate.error.actor.save']));
    expect(coverage.transitions.missing).toEqual([
      {
        key: 'tiny.saving xstate.error.actor.save #0',
        label: 'saving: xstate.error.actor.save → editing',
        reason: 'no fixture for event xstate.error.actor.save',
      },
    ]);
    expect(report).toContain('saving: xstate.error.actor.save → editing (tiny.saving xstate.error.actor.save #0): no fixture for event xstate.error.actor.save');
  });

  it('says when a guard is false for every fixture, and which states that leaves unreached', () => {
    const big = fixtures['amount.submit'][0];
    const small = model({ events: model().events.filter((event) => event !== big) });
    const { coverage, report } = shortfall(small);
    const missing = Object.fromEntries(coverage.transitions.missing.map((gap) => [gap.key, gap.reason]));
    expect(missing['tiny.editing amount.submit #0']).toBe(
      'its guard isBig is false for every fixture (1 fixture of amount.submit, in every state reached)',
    );
    // Everything behind the guard is out of reach, and says so.
    expect(missing['tiny.saving xstate.done.actor.save #0']).toBe('state saving is never reached');
    expect(coverage.states.missing).toContainEqual({ id: 'tiny.saving', reason: "never reached with the model's inputs and fixtures" });
    expect(report).toMatch(/^tiny: 1\/8 states, 2\/10 transitions covered\ntransitions no path takes:\n/);
  });

  it('says when the path length limit cuts a transition off', () => {
    const { coverage, report } = shortfall(model({ pathLimit: 4 }));
    const missing = Object.fromEntries(coverage.transitions.missing.map((gap) => [gap.label, gap.reason]));
    expect(missing).toEqual({
      'wizard.three: step.next → wizard.done': 'the path length limit (4 steps) cut it off: the shortest path to it takes 5 steps',
      'wizard: xstate.done.state.tiny.wizard → finished': 'the path length limit (4 steps) cut it off: the shortest path to it takes 5 steps',
    });
    expect(coverage.states.missing.map((state) => state.id)).toEqual(['tiny.wizard.done', 'tiny.finished']);
    expect(report).toContain('wizard.three: step.next → wizard.done');
  });
});
