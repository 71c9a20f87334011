// Every path of every machine, replayed on a live actor with fake effects and a simulated clock; then
// coverage: every state is reached and every transition taken by some path, or the test says which one
// is not and why.
import { describe, expect, it } from 'vitest';
import { coverageReport, isComplete, modelCoverage } from '../support/model-coverage';
import { planModelPaths } from '../support/model-selection';
import { runPath } from '../support/model-replay';
import { models } from './all-models';

for (const model of models) {
  const plan = planModelPaths(model);
  describe(model.machine.id, () => {
    for (const modelPath of plan.paths) {
      it(modelPath.title, async () => {
        await runPath(model.machine, modelPath, (actor, expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.context).toEqual(expected.context);
        });
      });
    }

    it('covers every state and every transition', ({ task }) => {
      const coverage = modelCoverage(model, plan);
      task.meta.coverage = {
        machine: model.machine.id,
        states: [coverage.states.reached, coverage.states.total],
        transitions: [coverage.transitions.taken, coverage.transitions.total],
      };
      if (!isComplete(coverage)) throw new Error(coverageReport(coverage));
    });
  });
}

declare module 'vitest' {
  interface TaskMeta {
    coverage?: { machine: string; states: [number, number]; transitions: [number, number] };
  }
}
