// Model-based testing support, in three parts: path generation (model-paths.ts), replay on a live actor
// with fake effects and a simulated clock (model-replay.ts) and coverage with the reason for every gap
// (model-coverage.ts). This file gathers what the model tests and view walks import.
export {
  defaultPathLimit,
  describePath,
  planPaths,
  stateValueText,
  type AnyPath,
  type Model,
  type ModelPath,
  type PathPlan,
} from './model-paths';
export { fakeEffects, isDelayEvent, isSettleEvent, runPath, type PathRun } from './model-replay';
export { allStateIds, coverageReport, isComplete, modelCoverage, reachedStateIds, type ModelCoverage } from './model-coverage';
export { planModelPaths, modelPathsFor as modelPaths } from './model-selection';
