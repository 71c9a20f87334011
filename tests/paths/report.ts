// The QA report of a test:paths run: one HTML file that opens from disk (screenshots inside it), a row per
// model path with its steps in words, a screenshot per step, pass or fail, the command that runs that path
// alone, and per machine the states and transitions the passed paths cover.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { StepRecord } from './paths.spec';

interface PathRow {
  machine: string;
  title: string;
  status: string;
  seconds: number;
  error: string | null;
  steps: StepRecord[];
  shots: Map<string, Buffer>;
  states: string[];
  transitions: string[];
  allStates: string[];
  allTransitions: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export default class PathsReport implements Reporter {
  private rows: PathRow[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const pathJson = result.attachments.find((attachment) => attachment.name === 'path.json');
    if (!pathJson?.body) return;
    const data = JSON.parse(pathJson.body.toString()) as Omit<PathRow, 'title' | 'status' | 'seconds' | 'error' | 'shots'>;
    const shots = new Map(
      result.attachments.filter((attachment) => attachment.body && attachment.name.endsWith('.jpg')).map((attachment) => [attachment.name, attachment.body!]),
    );
    this.rows.push({
      ...data,
      title: test.title,
      status: result.status,
      seconds: result.duration / 1000,
      error: result.error?.message?.replace(/\u001b\[\d+m/g, '') ?? null,
      shots,
    });
  }

  onEnd() {
    if (this.rows.length === 0) return;
    const file = resolve(process.env.PATHS_REPORT ?? 'reports/paths/index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page(this.rows));
    const passed = this.rows.filter((row) => row.status === 'passed').length;
    console.log(`\nPaths report: ${file} (${passed} of ${this.rows.length} paths passed)`);
  }
}

function coverage(rows: PathRow[]) {
  const passed = rows.filter((row) => row.status === 'passed');
  const states = new Set(passed.flatMap((row) => row.states));
  const transitions = new Set(passed.flatMap((row) => row.transitions));
  const allStates = rows[0]!.allStates;
  const allTransitions = rows[0]!.allTransitions;
  return {
    states: `${allStates.filter((id) => states.has(id)).length} of ${allStates.length} states`,
    transitions: `${allTransitions.filter((key) => transitions.has(key)).length} of ${allTransitions.length} transitions`,
    missingStates: allStates.filter((id) => !states.has(id)),
  };
}

function stepRow(row: PathRow, step: StepRecord) {
  const shot = row.shots.get(step.screenshot);
  const check = step.stopped ? `<b class="stopped">stopped: the real page has no such step</b><div>${escapeHtml(step.stopped)}</div>` : step.error ? `<b class="fail">failed</b><pre>${escapeHtml(step.error)}</pre>` : step.passing ? 'passed through (a call in flight)' : 'shown';
  return `<tr><td>${step.index}</td>
<td>${escapeHtml(step.event)}<br><code>${escapeHtml(step.eventType)}</code></td>
<td>${escapeHtml(step.state)}<br><code>${escapeHtml(step.stateValue)}</code>${step.staged.length ? `<div class="staged">staged: ${step.staged.map(escapeHtml).join('; ')}</div>` : ''}</td>
<td>${check}</td>
<td>${shot ? `<img loading="lazy" alt="step ${step.index}" src="data:image/jpeg;base64,${shot.toString('base64')}">` : ''}</td></tr>`;
}

function pathRow(row: PathRow) {
  const command = `npm run test:paths -- ${row.machine} --path "${row.title}"`;
  const stopped = row.steps.find((step) => step.stopped);
  return `<details class="${row.status}"><summary><span class="badge">${row.status === 'passed' ? (stopped ? 'pass, stopped' : 'pass') : 'FAIL'}</span> ${escapeHtml(row.title)} <small>(${row.steps.length} steps, ${row.seconds.toFixed(1)} s)</small></summary>
<p>Run this path alone: <code class="command">${escapeHtml(command)}</code></p>
${row.error ? `<pre class="fail">${escapeHtml(row.error)}</pre>` : ''}
<table><thead><tr><th>#</th><th>event</th><th>state</th><th>check</th><th>screen</th></tr></thead><tbody>
${row.steps.map((step) => stepRow(row, step)).join('\n')}
</tbody></table></details>`;
}

function page(rows: PathRow[]) {
  const machines = [...new Set(rows.map((row) => row.machine))];
  const sections = machines.map((machine) => {
    const own = rows.filter((row) => row.machine === machine);
    const passed = own.filter((row) => row.status === 'passed').length;
    const stopped = own.filter((row) => row.steps.some((step) => step.stopped)).length;
    const covered = coverage(own);
    return `<section><h2>${escapeHtml(machine)}: ${passed} of ${own.length} paths passed${stopped ? ` (${stopped} stopped where the real page offers no such step)` : ''}</h2>
<p>Coverage of the passed paths: ${covered.states}, ${covered.transitions}.${covered.missingStates.length ? ` Not reached: ${covered.missingStates.map(escapeHtml).join(', ')}.` : ''}</p>
<p>Every path: <code class="command">npm run test:paths -- ${escapeHtml(machine)}</code>. A step marked <i>staged</i> had its answer made from the server's own answer on the wire (the server cannot be brought to it at that step); every other answer is the real server's.</p>
${own.map(pathRow).join('\n')}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>QA paths: ${escapeHtml(machines.join(', '))}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1a1b1e}
details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.3rem .6rem}
details.passed .badge{background:#2b8a3e}details:not(.passed) .badge{background:#c92a2a}
.badge{color:#fff;border-radius:4px;padding:0 .4rem;font-weight:600}
summary{cursor:pointer}table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #eee;padding:.3rem;vertical-align:top;text-align:left}
td img{width:260px;cursor:zoom-in;border:1px solid #ccc}td img.big{width:100%;max-width:1440px;cursor:zoom-out}
code{font-size:12px;color:#555}.command{background:#f1f3f5;padding:.1rem .3rem;user-select:all}
.fail{color:#c92a2a;white-space:pre-wrap}.stopped{color:#e67700}.staged{color:#e67700}
</style></head><body>
<h1>QA paths in the real browser</h1>
<p>${new Date().toISOString()} · each model path walked through the real app in Chromium against the reference server.</p>
${sections.join('\n')}
<script>document.addEventListener('click',(e)=>{if(e.target.tagName==='IMG')e.target.classList.toggle('big')})</script>
</body></html>
`;
}
