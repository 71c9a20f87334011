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
import { readingOrder } from '../../scripts/statecharts/reading-order';

const committedCharts = readdirSync(outputDir).filter((name) => name.endsWith('.svg'));

describe('docs/statecharts', () => {
  it.each(committedCharts)('%s: no edge label overlaps another label or a state', (name) => {
    const boxes = boxesOfSvg(readFileSync(join(outputDir, name), 'utf8'));
    expect(boxes.labels.length + boxes.leaves.length).toBeGreaterThan(0);
    expect(overlaps(boxes)).toEqual([]);
  });

  it(`charts of up to ${smallChartStates} states fit a ${screenWidth} px wide screen at full size, not scaled down`, () => {
    const tooWide = committedCharts.flatMap((name) => {
      const svg = readFileSync(join(outputDir, name), 'utf8');
      const states = JSON.parse(readFileSync(join(outputDir, name.replace(/\.svg$/, '.json')), 'utf8')).states.length as number;
      const { width } = boxesOfSvg(svg);
      const shown = Number(/<svg [^>]*\swidth="(\d+)"/.exec(svg)?.[1]);
      if (shown !== width) return [`${name}: drawn ${width} px wide but shown at ${shown} px`];
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
    // Labels are broken into short lines; the label's box keeps the whole text.
    expect(svg).toContain('data-text="after 120 s"');
    expect(svg).toContain('data-text="error: fetchData"');
    expect(svg).toContain('data-text="go [isReady]"');
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

describe('the layout for people', () => {
  // start → details → confirm → done; ways back from details (to the state just before) and from
  // confirm (two steps back); a refusal and its retry.
  const returns = setup({}).createMachine({
    id: 'returns',
    initial: 'start',
    states: {
      start: { on: { go: { target: 'details', meta: { description: 'Member starts' } } } },
      details: {
        on: {
          next: { target: 'confirm', meta: { description: 'Member continues' } },
          back: { target: 'start', meta: { description: 'Member goes back' } },
        },
      },
      confirm: {
        on: {
          pay: { target: 'done', meta: { description: 'Member pays' } },
          back: { target: 'start', meta: { description: 'Member goes back' } },
          refuse: { target: 'failed', meta: { description: 'Payment refused' } },
        },
      },
      failed: { on: { retry: { target: 'confirm', meta: { description: 'Member retries' } } } },
      done: { type: 'final' },
    },
  });

  it('draws a way back further than one step as a return stub at its source, and a short one as an arrow', async () => {
    const graph = machineGraph(returns);
    const svg = toSvg(graph, await layout(graph, initialStateId(returns)), 'returns', '');
    expect(svg).toMatch(/<g class="edge return" data-transition="returns.confirm back #0"[^>]*data-target="returns.start"/);
    expect(svg).toContain('<title>confirm → start: back (Member goes back)</title>');
    expect(svg).toContain('data-text="↩ Member goes back → start"');
    expect(svg).toMatch(/<g class="edge" data-transition="returns.details back #0"/);
    expect(svg).toMatch(/<g class="edge" data-transition="returns.failed retry #0"/);
  });

  it('puts the happy path on one line, left to right, and the refusal below it', async () => {
    const graph = machineGraph(returns);
    const { leaves } = boxesOfSvg(toSvg(graph, await layout(graph, initialStateId(returns)), 'returns', ''));
    const box = (key: string) => leaves.find((leaf) => leaf.id === `returns.${key}`)!;
    const happy = ['start', 'details', 'confirm', 'done'].map(box);
    // One horizontal line runs through every box of the happy path (ELK may shift a box by a few px
    // where several edges leave one side: the arrow itself stays straight).
    expect(Math.max(...happy.map((state) => state.y))).toBeLessThan(Math.min(...happy.map((state) => state.y + state.height)) - 10);
    happy.slice(1).forEach((state, index) => expect(state.x).toBeGreaterThan(happy[index]!.x + happy[index]!.width));
    expect(box('failed').y).toBeGreaterThan(box('confirm').y + box('confirm').height);
  });

  it('draws no box round a wrapper that holds nearly every state; its own transitions head the chart', async () => {
    const dialog = setup({}).createMachine({
      id: 'dialog',
      initial: 'closed',
      states: {
        closed: { on: { open: { target: 'open', meta: { description: 'Member opens it' } } } },
        open: {
          initial: 'a',
          on: { close: { target: 'closed', meta: { description: 'Member closes it' } } },
          states: { a: { on: { next: 'b' } }, b: { on: { next: 'c' } }, c: {} },
        },
      },
    });
    const graph = machineGraph(dialog);
    const svg = toSvg(graph, await layout(graph, initialStateId(dialog)), 'dialog', '');
    expect(svg).not.toContain('data-state-id="dialog.open"');
    expect(svg).toContain('data-state-id="dialog.open.a"');
    expect(svg).toContain('data-text="From any step: Member closes it → closed"');
    expect(svg).toMatch(/<g class="edge return" data-transition="dialog.open close #0"/);
  });

  it('breaks a chart too wide for the screen into rows at full size', async () => {
    const steps = Array.from({ length: 16 }, (_, index) => `step${index}`);
    const long = setup({}).createMachine({
      id: 'long',
      initial: 'step0',
      states: Object.fromEntries(
        steps.map((key, index) => [key, index + 1 < steps.length ? { on: { next: { target: steps[index + 1]!, meta: { description: 'Member goes on to the next step' } } } } : { type: 'final' as const }]),
      ),
    });
    const graph = machineGraph(long);
    const laid = await layout(graph, initialStateId(long));
    expect(laid.width).toBeLessThanOrEqual(screenWidth);
    expect(laid.fit.rows).not.toBe('one');
    const svg = toSvg(graph, laid, 'long', '');
    expect(svg).toContain(`width="${Math.ceil(laid.width)}" height="${Math.ceil(laid.height)}"`);
    expect(overlaps(boxesOfSvg(svg))).toEqual([]);
  });

  it('finds the happy path through the region of a parallel state that leads on, not through a side door', () => {
    // Like registration: while the code is awaited, one region resends it, the other verifies it; the
    // whole step can also be left ("Member chooses sign-in") from any state inside.
    const awaiting = setup({}).createMachine({
      id: 'awaiting',
      initial: 'form',
      states: {
        form: { on: { submit: { target: 'code', meta: { description: 'Member registers' } } } },
        code: {
          type: 'parallel',
          on: { choose: { target: 'loginChosen', meta: { description: 'Member chooses sign-in' } } },
          states: {
            resend: {
              initial: 'idle',
              states: {
                idle: { on: { send: 'sending' } },
                sending: { on: { sent: 'waiting' } },
                waiting: { on: { over: 'idle' } },
              },
            },
            entry: {
              initial: 'entering',
              states: {
                entering: { on: { submit: 'verifying' } },
                verifying: { on: { ok: { target: '#awaiting.registered', meta: { description: 'Registered' } } } },
              },
            },
          },
        },
        loginChosen: { type: 'final' },
        registered: { type: 'final' },
      },
    });
    const graph = machineGraph(awaiting);
    const happy = [...readingOrder(graph, initialStateId(awaiting)).happyStates].filter((id) => !graph.states.some((state) => state.parentId === id));
    expect(happy.map((id) => id.replace('awaiting.', ''))).toEqual(['form', 'code.entry.entering', 'code.entry.verifying', 'registered']);
  });
});
