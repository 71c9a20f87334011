// The diagrams and docs in docs/statecharts are generated from the machines: they must be current, and
// the generator must draw every kind of state and transition.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { generateCharts, outputDir } from '../../scripts/statecharts/generate';
import { modelPathTitles } from '../../scripts/statecharts/model-paths';
import { durationInWords, initialStateId, machineGraph } from '../../scripts/statecharts/machine-graph';
import { boxesOfSvg, overlaps } from '../../scripts/statecharts/geometry';
import { layout, screenWidth, smallChartStates, toMermaid, toSvg } from '../../scripts/statecharts/render';

const committedCharts = readdirSync(outputDir).filter((name) => name.endsWith('.svg'));

describe('docs/statecharts', () => {
  it.each(committedCharts)('%s: no edge label overlaps another label or a state', (name) => {
    const boxes = boxesOfSvg(readFileSync(join(outputDir, name), 'utf8'));
    expect(boxes.labels.length + boxes.leaves.length).toBeGreaterThan(0);
    expect(overlaps(boxes)).toEqual([]);
  });

  it(`charts of up to ${smallChartStates} states fit a ${screenWidth} px wide screen`, () => {
    const tooWide = committedCharts.flatMap((name) => {
      const svg = readFileSync(join(outputDir, name), 'utf8');
      const states = (svg.match(/<g class="state"/g) ?? []).length;
      const width = Number(/<svg [^>]*\swidth="(\d+)"/.exec(svg)?.[1]);
      return states <= smallChartStates && !(width <= screenWidth) ? [`${name}: ${width} px`] : [];
    });
    expect(committedCharts.length).toBeGreaterThan(20);
    expect(tooWide).toEqual([]);
  });

  it('edges read in words, with the technical label as their tooltip', () => {
    const svg = readFileSync(join(outputDir, 'invoice-payment.svg'), 'utf8');
    expect(svg).toMatch(/<text [^>]*>Member retries<\/text>/);
    expect(svg).toContain('<title>open.loadFailed → open.loading: load.retry (Member retries)</title>');
    expect(svg).not.toMatch(/<text [^>]*>done: loadPayment/);
  });

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

  it('finds label overlaps (the overlap test can fail)', () => {
    const boxes = {
      leaves: [{ id: 'a', x: 0, y: 0, width: 100, height: 40 }],
      groups: [{ id: 'g', x: 200, y: 0, width: 300, height: 200, header: 30 }],
      labels: [
        { text: 'on a state', x: 90, y: 10, width: 40, height: 16 },
        { text: 'free', x: 120, y: 100, width: 40, height: 16 },
        { text: 'on free', x: 130, y: 110, width: 40, height: 16 },
        { text: 'inside g', x: 250, y: 100, width: 40, height: 16 },
        { text: 'on the title band', x: 250, y: 10, width: 40, height: 16 },
        { text: 'across the border', x: 190, y: 150, width: 40, height: 16 },
      ],
    };
    expect(overlaps(boxes)).toEqual([
      'label "on a state" overlaps state a',
      'label "free" overlaps label "on free"',
      'label "on the title band" overlaps the border of g',
      'label "across the border" overlaps the border of g',
    ]);
  });

  it('draws the happy path bold and names edges by their description', async () => {
    const described = setup({}).createMachine({
      id: 'described',
      initial: 'a',
      states: {
        a: { on: { go: { target: 'b', meta: { description: 'Member goes on' } }, fail: { target: 'failed', meta: { description: 'Refused' } } } },
        b: { type: 'final' },
        failed: { on: { retry: { target: 'a', meta: { description: 'Member retries' } } } },
      },
    });
    const g = machineGraph(described);
    const svg = toSvg(g, await layout(g, initialStateId(described)), 'described', '');
    expect(svg).toMatch(/<g class="edge happy" data-transition="described.a go #0"[^>]*data-label="go">\n<title>a → b: go \(Member goes on\)<\/title>/);
    expect(svg).toMatch(/<g class="edge" data-transition="described.failed retry #0"/);
    expect(svg).toMatch(/>Member retries<\/text>/);
  });
});
