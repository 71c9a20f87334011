// The model paths of each machine (tests/models), by machine id, for the docs and the /flows page.
import type { AnyStateMachine } from 'xstate';
import { models } from '../../tests/models/all-models';
import { modelPathsFor as modelPaths } from '../../tests/support/model-selection';

export function modelPathTitles(machine: AnyStateMachine): string[] {
  const model = models.find((candidate) => candidate.machine.id === machine.id);
  return model ? modelPaths(model).map((path) => path.title) : [];
}
