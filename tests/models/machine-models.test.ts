// Every path of every machine, replayed on a live actor with fake effects and a simulated clock; plus
// reachability: every state node is reached by some path.
import { describe, expect, it } from 'vitest';
import { allStateIds, modelPaths, reachedStateIds, runPath } from '../support/model';
import { models } from './all-models';

for (const model of models) {
  const paths = modelPaths(model);
  describe(model.machine.id, () => {
    for (const modelPath of paths) {
      it(modelPath.title, async () => {
        await runPath(model.machine, modelPath, (actor, expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.context).toEqual(expected.context);
        });
      });
    }

    it('reaches every state', () => {
      const reached = reachedStateIds(model.machine, paths);
      expect(allStateIds(model.machine).filter((id) => !reached.has(id))).toEqual([]);
    });
  });
}
