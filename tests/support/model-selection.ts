// For a machine whose state space is large (lists and flags in its context, events it takes in every state),
// covering every edge of the traversal makes hundreds of paths that each add nothing new to the chart. A
// model with `cover: 'transitions'` keeps, greedily, the fewest of those paths that still reach every state
// and take every transition of the chart the others do: the same coverage, far fewer walks.
import type { AnyStateMachine } from 'xstate';
import { pathTrace } from './model-coverage';
import { planPaths, type Model, type PathPlan } from './model-paths';

export function planModelPaths<TMachine extends AnyStateMachine>(model: Model<TMachine>): PathPlan {
  const plan = planPaths(model);
  if (model.cover !== 'transitions') return plan;
  const traces = plan.paths.map((path) => {
    const { states, transitions } = pathTrace(model.machine, path);
    return new Set([...[...states].map((id) => `state:${id}`), ...[...transitions].map((key) => `transition:${key}`)]);
  });
  const wanted = new Set(traces.flatMap((trace) => [...trace]));
  const chosen = new Set<number>();
  while (wanted.size > 0) {
    let best = -1;
    let bestGain = 0;
    traces.forEach((trace, index) => {
      if (chosen.has(index)) return;
      const gain = [...trace].filter((item) => wanted.has(item)).length;
      if (gain > bestGain) {
        best = index;
        bestGain = gain;
      }
    });
    if (best < 0) break;
    chosen.add(best);
    traces[best]!.forEach((item) => wanted.delete(item));
  }
  return { ...plan, paths: plan.paths.filter((_, index) => chosen.has(index)) };
}

export const modelPathsFor = <TMachine extends AnyStateMachine>(model: Model<TMachine>) => planModelPaths(model).paths;
