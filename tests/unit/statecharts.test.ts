// The diagrams and docs in docs/statecharts are generated from the machines: they must be current, and
// the generator must draw every kind of state and transition.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { generateCharts, outputDir } from '../../scripts/statecharts/generate';
import { modelPathTitles } from '../../scripts/statecharts/model-paths';
import { durationInWords, initialStateId, machineGraph } from '../../scripts/statecharts/machine-graph';
import { layout, toMermaid, toSvg } from '../../scripts/statecharts/render';

describe('docs/statecharts', () => {
  // Every model's paths are computed for the charts' path lists: over a minute on two busy cores.
  it('is current: `npm run charts` would write exactly the committed files', async () => {
    const files = await generateCharts(modelPathTitles);
    const stale = [...files].filter(([name, content]) => !existsSync(join(outputDir, name)) || readFileSync(join(outputDir, name), 'utf8') !== content);
    // The state gallery (npm run gallery) is written beside the charts, not by them.
    const extra = readdirSync(outputDir).filter((name) => !files.has(name) && name !== 'gallery');
    expect({ stale: stale.map(([name]) => name), extra }, 'run `npm run charts` and commit docs/statecharts').toEqual({ stale: [], extra: [] });
  }, 180_000);
});

// A fixture machine with every construct the charts must show.
const fixture = setup({
  types: { events: {} as { type: 'go' } | { type: 'retry' } | { type: 'tick' } },
  actors: { fetchData: fromPromise(async () => 1) },
  guards: { isReady: () => true },
  delays: { patience: 120_000 },
}).createMachine({
  id: 'fixture',
  initial: 'idle',
  context: { count: 0 },
  states: {
    idle: { meta: { description: 'Waiting.' }, on: { go: { guard: 'isReady', target: 'working' } } },
    working: {
      type: 'parallel',
      states: {
        fetching: {
          initial: 'loading',
          states: {
            loading: {
              invoke: { id: 'fetchData', src: 'fetchData', onDone: 'loaded', onError: 'failed' },
            },
            loaded: { type: 'final' },
            failed: { on: { retry: 'loading' } },
          },
        },
        counting: { on: { tick: { actions: assign({ count: ({ context }) => context.count + 1 }) } } },
      },
      after: { patience: 'timedOut' },
    },
    timedOut: { always: 'done' },
    done: { type: 'final' },
  },
});

describe('the state chart generator', () => {
  const graph = machineGraph(fixture);

  it('reads nested, parallel and final states, invokes and descriptions', () => {
    const byPath = Object.fromEntries(graph.states.map((state) => [state.path, state]));
    expect(byPath['working']!.type).toBe('parallel');
    expect(byPath['working.fetching']!.initialId).toBe('fixture.working.fetching.loading');
    expect(byPath['working.fetching.loading']!.invokes).toEqual(['fetchData']);
    expect(byPath['done']!.type).toBe('final');
    expect(byPath['idle']!.description).toBe('Waiting.');
    expect(initialStateId(fixture)).toBe('fixture.idle');
  });

  it('names guarded, delayed, invoke, eventless and targetless transitions', () => {
    const labels = graph.transitions.map((t) => `${t.sourceId.replace('fixture.', '')}: ${t.event}${t.guard ? ` [${t.guard}]` : ''} -> ${t.targetIds.map((id) => id.replace('fixture.', '')).join(',') || '(stays)'}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'idle: go [isReady] -> working',
        'working: after 120 s -> timedOut',
        'working.fetching.loading: done: fetchData -> working.fetching.loaded',
        'working.fetching.loading: error: fetchData -> working.fetching.failed',
        'working.fetching.failed: retry -> working.fetching.loading',
        'working.counting: tick -> (stays)',
        'timedOut: always -> done',
      ]),
    );
  });

  it('puts durations in words', () => {
    expect([1_000, 60_000, 120_000, 900_000, 1_800_000, 5_000, 250].map(durationInWords)).toEqual([
      '1 s',
      '60 s',
      '120 s',
      '15 min',
      '30 min',
      '5 s',
      '250 ms',
    ]);
  });

  it('writes Mermaid with nesting, concurrency, start and end markers', () => {
    const mermaid = toMermaid(graph, initialStateId(fixture));
    expect(mermaid).toContain('state "working" as fixture_working {');
    expect(mermaid).toContain('  --');
    expect(mermaid).toContain('[*] --> fixture_idle');
    expect(mermaid).toContain('fixture_working --> fixture_timedOut: after 120 s');
    expect(mermaid).toContain('fixture_done --> [*]');
  });

  it('lays the chart out with ELK and draws every state and transition, the same way every time', async () => {
    const svg = toSvg(graph, await layout(graph, initialStateId(fixture)), 'fixture', 'A fixture.');
    for (const state of graph.states) expect(svg).toContain(`data-state-id="${state.id}"`);
    // Every transition, plus the start arrows of the machine and of the fetching region.
    expect(svg.match(/class="transition"/g)?.length).toBe(graph.transitions.length + 2);
    expect(svg).toContain('>after 120 s</text>');
    expect(svg).toContain('>error: fetchData</text>');
    expect(svg).toContain('>go [isReady]</text>');
    expect(svg).toContain('stroke-dasharray="6 4"'); // the parallel state
    const again = toSvg(graph, await layout(graph, initialStateId(fixture)), 'fixture', 'A fixture.');
    expect(again).toBe(svg);
  });
});
