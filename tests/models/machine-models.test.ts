// Every path of every machine, replayed on a live actor with fake effects and a simulated clock; then
// coverage: every state is reached and every transition taken by some path.
import { describe, expect, it } from 'vitest';
import { machineGraph } from '../../scripts/statecharts/machine-graph';
import { allStateIds, modelPaths, reachedStateIds, runPath } from '../support/model';
import { models } from './all-models';

for (const model of models) {
  const paths = modelPaths(model);
  const taken = new Set<string>();
  describe(model.machine.id, () => {
    for (const modelPath of paths) {
      it(modelPath.title, async () => {
        const run = await runPath(model.machine, modelPath, (actor, expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.context).toEqual(expected.context);
        });
        run.taken.forEach((key) => taken.add(key));
      });
    }

    it('covers every state and every transition', ({ task }) => {
      const states = allStateIds(model.machine);
      const reached = reachedStateIds(model.machine, paths);
      const transitions = machineGraph(model.machine).transitions.map((transition) => transition.key);
      task.meta.coverage = {
        machine: model.machine.id,
        states: [states.filter((id) => reached.has(id)).length, states.length],
        transitions: [transitions.filter((key) => taken.has(key)).length, transitions.length],
      };
      expect(states.filter((id) => !reached.has(id)), 'states no path reaches').toEqual([]);
      expect(transitions.filter((key) => !taken.has(key)), 'transitions no path takes').toEqual([]);
    });
  });
}

declare module 'vitest' {
  interface TaskMeta {
    coverage?: { machine: string; states: [number, number]; transitions: [number, number] };
  }
}
