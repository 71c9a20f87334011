// `npm run test:model` reporter: one line per model path ("machine: path ... ok"), then per machine the
// share of states and transitions the paths cover. The run fails when a path fails or coverage is short;
// a short coverage prints each transition no path takes and why (tests/support/model-coverage.ts).
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const percent = ([covered, total]: [number, number]) => `${covered}/${total} (${total ? Math.round((covered / total) * 100) : 100} %)`;

export default class ModelReporter implements Reporter {
  private readonly coverage: { machine: string; states: [number, number]; transitions: [number, number] }[] = [];

  onTestCaseResult(testCase: TestCase) {
    const state = testCase.result().state;
    const coverage = testCase.meta().coverage;
    if (coverage) {
      this.coverage.push(coverage);
      if (state === 'failed') {
        console.log(`${coverage.machine}: coverage ... FAILED`);
        this.printErrors(testCase);
      }
      return;
    }
    console.log(`${testCase.name} ... ${state === 'passed' ? 'ok' : state === 'failed' ? 'FAILED' : state}`);
    if (state === 'failed') this.printErrors(testCase);
  }

  /** The failure in full: for a coverage test, each transition no path takes and why. */
  private printErrors(testCase: TestCase) {
    for (const error of testCase.result().errors ?? []) console.log(error.message.replace(/^/gm, '    '));
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    console.log('\nCoverage by machine:');
    const width = Math.max(0, ...this.coverage.map((entry) => entry.machine.length)) + 2;
    for (const entry of this.coverage) {
      console.log(`  ${entry.machine.padEnd(width)} states ${percent(entry.states).padEnd(14)} transitions ${percent(entry.transitions)}`);
    }
    const paths = testModules.flatMap((module) => [...module.children.allTests()]).filter((test) => !test.meta().coverage);
    const failed = paths.filter((test) => test.result().state === 'failed').length;
    console.log(`\n${paths.length} paths, ${failed} failed.`);
  }
}
