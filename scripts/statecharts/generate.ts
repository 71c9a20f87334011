// Everything `npm run charts` writes to docs/statecharts, computed from the machines themselves: per
// machine an SVG, its Mermaid source and a JSON summary (for the /flows page); an index of the machines;
// and a README with each machine's purpose, states, events, guards, timers and invoked actors. The output
// is deterministic.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { durationInWords, initialStateId, machineGraph, type MachineGraph } from './machine-graph';
import { edgeWords, layout, toMermaid, toSvg, transitionLabel } from './render';

export const root = join(import.meta.dirname, '../..');
export const outputDir = join(root, 'docs/statecharts');

export interface MachineFile {
  /** File name without .machine.ts, e.g. "login", "reset-request". */
  name: string;
  file: string;
  machine: AnyStateMachine;
  /** The header comment: what the flow is. */
  purpose: string;
}

export interface FlowSummary {
  name: string;
  id: string;
  purpose: string;
  initial: string | null;
  states: {
    id: string;
    path: string;
    type: string;
    description: string | null;
    tags: string[];
    invokes: string[];
    incoming: string[];
    outgoing: string[];
    /** The same edges for people: what happens in words, the technical label, the state at the other end. */
    entered: FlowEdge[];
    left: FlowEdge[];
  }[];
  events: string[];
  guards: string[];
  timers: { state: string; delay: string; duration: string; target: string }[];
  paths: string[];
}

export interface FlowEdge {
  words: string;
  label: string;
  /** The state at the other end (its path), or null when the transition stays where it is. */
  state: string | null;
}

/** The /flows page's list of machines; each machine's summary and chart load when it is shown. */
export interface FlowIndexEntry {
  name: string;
  id: string;
  stateCount: number;
  pathCount: number;
}

function machineFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return machineFiles(full);
      return name.endsWith('.machine.ts') ? [full] : [];
    });
}

function headerComment(source: string): string {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/\s?/, ''));
  }
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && typeof (value as AnyStateMachine).getInitialSnapshot === 'function';

export async function loadMachines(): Promise<MachineFile[]> {
  const found: MachineFile[] = [];
  for (const file of machineFiles(join(root, 'machines'))) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const machine = Object.values(module).find(isMachine);
    if (!machine) throw new Error(`${relative(root, file)} exports no machine`);
    found.push({
      name: basename(file, '.machine.ts'),
      file: relative(root, file),
      machine,
      purpose: headerComment(readFileSync(file, 'utf8')),
    });
  }
  return found;
}

const stateName = (graph: MachineGraph, id: string) => graph.states.find((state) => state.id === id)?.path ?? id;

export function summarize(entry: MachineFile, graph: MachineGraph, paths: string[]): FlowSummary {
  const label = (transition: MachineGraph['transitions'][number]) => transitionLabel(transition);
  const eventNames = [...new Set(graph.transitions.filter((t) => t.kind === 'event').map((t) => t.eventType))].sort();
  const guards = [...new Set(graph.transitions.flatMap((t) => (t.guard ? [t.guard] : [])))].sort();
  return {
    name: entry.name,
    id: graph.id,
    purpose: entry.purpose,
    initial: initialStateId(entry.machine),
    states: graph.states.map((state) => ({
      id: state.id,
      path: state.path,
      type: state.type,
      description: state.description,
      tags: state.tags,
      invokes: state.invokes,
      incoming: graph.transitions
        .filter((t) => t.targetIds.includes(state.id))
        .map((t) => `${label(t)} (from ${stateName(graph, t.sourceId)})`),
      outgoing: graph.transitions
        .filter((t) => t.sourceId === state.id)
        .map((t) => `${label(t)} → ${t.targetIds.map((id) => stateName(graph, id)).join(', ') || 'stays'}`),
      entered: graph.transitions
        .filter((t) => t.targetIds.includes(state.id))
        .map((t) => ({ words: t.description ?? edgeWords(t), label: label(t), state: stateName(graph, t.sourceId) })),
      left: graph.transitions
        .filter((t) => t.sourceId === state.id)
        .map((t) => ({
          words: t.description ?? edgeWords(t),
          label: label(t),
          state: t.targetIds.length ? t.targetIds.map((id) => stateName(graph, id)).join(', ') : null,
        })),
    })),
    events: eventNames,
    guards,
    timers: graph.transitions
      .filter((t) => t.kind === 'after')
      .map((t) => ({
        state: stateName(graph, t.sourceId),
        delay: t.delay!.name,
        duration: Number.isFinite(t.delay!.ms) ? durationInWords(t.delay!.ms) : t.delay!.name,
        target: t.targetIds.map((id) => stateName(graph, id)).join(', ') || 'stays',
      })),
    paths,
  };
}

function readmeSection(summary: FlowSummary, graph: MachineGraph): string {
  const lines = [`## ${summary.name}`, '', summary.purpose, '', `![${summary.name} state chart](${summary.name}.svg)`, ''];
  lines.push(`Machine id \`${summary.id}\`; Mermaid source: [${summary.name}.mmd](${summary.name}.mmd).`, '');
  lines.push('| State | What it means |', '|---|---|');
  for (const state of summary.states) {
    const kind = state.type === 'final' ? ' (final)' : state.type === 'parallel' ? ' (parallel)' : '';
    lines.push(`| \`${state.path}\`${kind} | ${state.description ?? ''} |`);
  }
  lines.push('');
  lines.push(`**Events:** ${summary.events.length ? summary.events.map((e) => `\`${e}\``).join(', ') : 'none (it runs on its own)'}`, '');
  lines.push(`**Guards:** ${summary.guards.length ? summary.guards.map((g) => `\`${g}\``).join(', ') : 'none'}`, '');
  if (summary.timers.length) {
    lines.push('**Timers:**', '');
    for (const timer of summary.timers) lines.push(`- in \`${timer.state}\`: after ${timer.duration} (\`${timer.delay}\`) → \`${timer.target}\``);
    lines.push('');
  }
  const invokes = graph.states.filter((state) => state.invokes.length);
  if (invokes.length) {
    lines.push('**Calls (invoked actors):**', '');
    for (const state of invokes) {
      for (const id of state.invokes) {
        const outcomes = graph.transitions
          .filter((t) => t.sourceId === state.id && (t.eventType.endsWith(`actor.${id}`)))
          .map((t) => `${transitionLabel(t)} → \`${t.targetIds.map((target) => stateName(graph, target)).join(', ') || 'stays'}\``);
        lines.push(`- \`${id}\` in \`${state.path}\`: ${outcomes.join('; ')}`);
      }
    }
    lines.push('');
  }
  lines.push(`**Model paths:** ${summary.paths.length} (\`npm run test:model\` walks each of them).`, '');
  return lines.join('\n');
}

/** file name (relative to docs/statecharts) → content */
export async function generateCharts(pathsOf: (machine: AnyStateMachine) => string[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const sections: string[] = [];
  const index: FlowIndexEntry[] = [];
  const machines = await loadMachines();
  for (const entry of machines) {
    const graph = machineGraph(entry.machine);
    const initial = initialStateId(entry.machine);
    const summary = summarize(entry, graph, pathsOf(entry.machine));
    files.set(`${entry.name}.mmd`, toMermaid(graph, initial));
    files.set(`${entry.name}.svg`, toSvg(graph, await layout(graph, initial), `${entry.name} state chart`, entry.purpose));
    files.set(`${entry.name}.json`, `${JSON.stringify(summary, null, 2)}\n`);
    index.push({ name: entry.name, id: summary.id, stateCount: summary.states.length, pathCount: summary.paths.length });
    sections.push(readmeSection(summary, graph));
  }
  files.set('index.json', `${JSON.stringify(index, null, 2)}\n`);
  files.set(
    'README.md',
    [
      '# State charts',
      '',
      'Generated by `npm run charts` from the machines in `machines/`; never edit by hand (a test fails when',
      'these files are out of date). Each chart shows states (nested boxes; parallel regions dashed), the start',
      'dot, final states with a double border, and every transition: events, `[guards]`, `done:` and `error:`',
      'answers of calls (green and dashed red), timers as `after …` (purple) and eventless `always` steps.',
      '',
      ...machines.map((entry) => `- [${entry.name}](#${entry.name})`),
      '',
      ...sections,
    ].join('\n'),
  );
  return files;
}
