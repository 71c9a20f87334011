// Turns a machine graph into a Mermaid state diagram (source for other tools) and an SVG laid out by
// ELK (elkjs, layered, hierarchical) for people: left to right in the order a member meets the states,
// the happy path on one line, refusals and errors below it; a way back to the state just before is a
// short arrow, one further back a return stub at its source ("↩ Member goes back → choosing method")
// rather than a line across the picture. A chart of up to 25 states wider than the screen is broken
// into rows at full size. Nested and parallel states are boxes (a wrapper round everything is not
// drawn; its transitions head the chart), start dots, final states with a double border. Edges read in
// words (the transition's meta.description); the technical label (`event [guard]`) is the edge's
// tooltip. Text widths are estimated rather than measured, so the output is the same on every machine.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { countCrossings, flatten, overlaps, type Box, type ChartBoxes, type DrawnPath } from './geometry';
import type { ChartState, ChartTransition, MachineGraph } from './machine-graph';
import { readingOrder } from './reading-order';

const font = { size: 12, charWidth: 7.2, lineHeight: 16 };
const textWidth = (text: string, size = font.size) => Math.ceil(text.length * font.charWidth * (size / font.size));

/** The technical label: `payment.submit [hasMethod]`, `done: loadPayment [succeeded]`, `after 15 min`. */
export function transitionLabel(transition: ChartTransition): string {
  return transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
}

/** What an edge says on the chart: its description in words, or the technical label when it has none. */
export const edgeWords = (transition: ChartTransition) =>
  transition.description ? firstClause(transition.description) : transitionLabel(transition);

/** A description's first clause ("Pay: the dialog opens." → "Pay"): the chart shows that, the tooltip the rest. */
export const firstClause = (description: string) => description.split(/[:;(]|\.(?:\s|$)/)[0]!.trim() || description;

// ---------------------------------------------------------------- Mermaid

const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');
const mermaidText = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();

export function toMermaid(graph: MachineGraph, initialId: string | null): string {
  const byParent = new Map<string | null, ChartState[]>();
  for (const state of graph.states) byParent.set(state.parentId, [...(byParent.get(state.parentId) ?? []), state]);
  const lines = ['stateDiagram-v2', '  direction LR'];
  const declare = (state: ChartState, indent: string) => {
    const id = mermaidId(state.id);
    const children = byParent.get(state.id) ?? [];
    if (children.length === 0) {
      const extra = state.invokes.length ? ` (invoke ${state.invokes.join(', ')})` : '';
      lines.push(`${indent}${id}: ${mermaidText(state.key + extra)}`);
      return;
    }
    lines.push(`${indent}state "${mermaidText(state.key)}" as ${id} {`);
    children.forEach((child, index) => {
      if (state.type === 'parallel' && index > 0) lines.push(`${indent}  --`);
      declare(child, `${indent}  `);
    });
    if (state.initialId) lines.push(`${indent}  [*] --> ${mermaidId(state.initialId)}`);
    lines.push(`${indent}}`);
  };
  for (const state of byParent.get(null) ?? []) declare(state, '  ');
  if (initialId) lines.push(`  [*] --> ${mermaidId(initialId)}`);
  for (const transition of graph.transitions) {
    const label = mermaidText(edgeWords(transition));
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    for (const target of targets) lines.push(`  ${mermaidId(transition.sourceId)} --> ${mermaidId(target)}: ${label}`);
  }
  for (const state of graph.states.filter((s) => s.type === 'final')) lines.push(`  ${mermaidId(state.id)} --> [*]`);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- layout

export interface LaidLabel extends Box {
  lines: string[];
}

export interface Layout {
  width: number;
  height: number;
  /** Drawn states (a compound state that only groups is not drawn: its children stand in its place). */
  states: Map<string, Box>;
  initials: Map<string, Box>;
  edges: {
    id: string;
    transitions: ChartTransition[];
    kind: 'transition' | 'initial';
    /** A return stub (a way back further than the state just before): the state it goes back to. */
    returnTo: string | null;
    happy: boolean;
    path: DrawnPath | null;
    label: LaidLabel | null;
  }[];
  /** How the chart was fitted (in one row, or broken into rows at an aspect ratio) and its edge crossings. */
  fit: { rows: Pass['rows']; hints: boolean; labels: Pass['labels']; crossings: number; attempt: number };
  /** Ways back (source>target) drawn as arrows that span more than the gap between two neighbours. */
  farBack: string[];
  /** Return stubs (source>target) whose target ELK drew to the right of the source: not a way back after all. */
  onwards: string[];
  /** Edges ELK cut short (a labelled edge across two row breaks): the next pass lays them out unlabelled. */
  cutShort: string[];
}

/** One layout pass: in one row or broken into rows (ELK's aspect ratio), and what earlier passes found. */
interface Pass {
  rows: 'one' | number;
  /** Order each layer by position hints (the happy path on top, see positionHint). */
  hints: boolean;
  /** Labels in at most three lines (wider), or as narrow as can be (taller): a narrow chart may need them. */
  labels: 'short' | 'narrow';
  farBack: ReadonlySet<string>;
  onwards: ReadonlySet<string>;
  unlabelled: ReadonlySet<string>;
}

/** A chart of up to this many states must fit a 1,440 px wide screen (the /flows page, a laptop). */
export const screenWidth = 1440;
export const smallChartStates = 25;

const headerHeight = 26;
/** Return stubs listed under a compound state's title: one line each, indented for the hook. */
const stubLineHeight = 20;
const stubIndent = 18;
/** A way back drawn as an arrow may span at most this much empty space (one gap between neighbours). */
const maxReturnGap = 220;
const labelFont = { size: 11, charWidth: 6.4, lineHeight: 14 };
const labelLineChars = 14;

/** A long camelCase name breaks in two ("creating" / "Transaction"), so states stay narrow. */
function nameLines(key: string): string[] {
  if (key.length <= 14) return [key];
  const cuts = [...key.matchAll(/[a-z](?=[A-Z])/g)].map((match) => match.index! + 1);
  if (!cuts.length) return [key];
  const cut = cuts.reduce((best, at) => (Math.abs(at - key.length / 2) < Math.abs(best - key.length / 2) ? at : best));
  return [key.slice(0, cut), key.slice(cut)];
}

function stateLines(state: ChartState): string[] {
  return [state.key, ...state.invokes.map((id) => `invoke ${id}`)];
}

/** What a simple state's box says: its name (maybe on two lines, bold) and its calls. */
function leafLines(state: ChartState): { text: string; name: boolean }[] {
  return [...nameLines(state.key).map((text) => ({ text, name: true })), ...state.invokes.map((id) => ({ text: `invoke ${id}`, name: false }))];
}

/** A state's name in words for a return stub: "choosingMethod" → "choosing method". */
export const stateWords = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** Breaks an edge's words into short lines, so labels stay narrow and the chart stays within a screen. */
export function labelLines(text: string, width = labelLineChars): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Label widths tried in turn (characters a line) until a label takes at most `maxLines` lines. */
const labelWidths = [labelLineChars, 18, 22, 26, 30];

/** A label's lines: as narrow as it can be in at most `maxLines` lines (the widest width else). */
export function shortLines(text: string, maxLines = 3): string[] {
  let lines: string[] = [];
  for (const width of labelWidths) {
    lines = labelLines(text, width);
    if (lines.length <= maxLines) return lines;
  }
  return lines;
}

const labelSize = (lines: string[]) => ({
  width: Math.ceil(Math.max(...lines.map((line) => line.length)) * labelFont.charWidth) + 8,
  height: lines.length * labelFont.lineHeight + 4,
});

const initialMarker = (parentId: string) => `${parentId}::initial`;

/**
 * A compound state that only groups its children (no transitions of its own, no call, not a region of a
 * parallel state) is not drawn: its children are laid out in its place and arrows into it point at the
 * state it starts in. Parallel states, their regions and compound states with their own transitions
 * (a `dialog.close` that leaves from every step) keep their box: that box is what the transition means.
 */
export function onlyGroups(graph: MachineGraph, state: ChartState, rootInitialId: string | null): boolean {
  if (state.type !== 'compound' || state.invokes.length > 0) return false;
  const parent = graph.states.find((candidate) => candidate.id === state.parentId);
  if (parent?.type === 'parallel') return false;
  // A machine with no start state is parallel: its top-level states are its regions.
  if (state.parentId === null && rootInitialId === null) return false;
  return !graph.transitions.some((transition) => transition.sourceId === state.id);
}

/**
 * A wrapper round nearly everything (an `open` that holds every step of a dialog but `closed`) is not
 * drawn either: a box round the whole chart says nothing but costs a level of nesting. Its own
 * transitions (the dialog closes from every step) are listed at the top of the chart instead.
 */
export function wrapsEverything(graph: MachineGraph, state: ChartState, rootInitialId: string | null): boolean {
  if (rootInitialId === null || state.parentId !== null || state.type !== 'compound' || state.invokes.length > 0) return false;
  const inside = graph.states.filter((candidate) => candidate.id.startsWith(`${state.id}.`)).length;
  return inside * 2 > graph.states.length;
}

/** elkjs 0.12 fails on some nested graphs with some options: these are tried in turn, the best first. */
const fallbacks = [
  { modelOrder: true, routing: 'POLYLINE' },
  { modelOrder: false, routing: 'POLYLINE' },
  { modelOrder: false, routing: 'ORTHOGONAL' },
] as const;

function elkOptions({ rows, hints }: Pass, attempt: number): Record<string, string> {
  const { modelOrder, routing } = fallbacks[attempt]!;
  return {
    'elk.algorithm': 'layered',
    'elk.direction': 'RIGHT',
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    // Curves, not orthogonal bundles: a way back is a short arc between neighbours.
    'elk.edgeRouting': routing,
    'elk.layered.edgeRouting.splines.mode': 'CONSERVATIVE',
    // Within a layer, top to bottom in the order a member meets the states (children and edges are
    // given in that order): the happy path first, refusals and errors below it.
    ...(modelOrder ? { 'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES' } : {}),
    'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
    'elk.layered.spacing.nodeNodeBetweenLayers': '12',
    'elk.layered.spacing.edgeNodeBetweenLayers': '6',
    'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
    'elk.spacing.nodeNode': '22',
    'elk.spacing.edgeNode': '12',
    'elk.spacing.edgeEdge': '8',
    'elk.spacing.edgeLabel': '3',
    'elk.edgeLabels.placement': 'CENTER',
    'elk.edgeLabels.inline': 'false',
    'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    'elk.randomSeed': '1',
    // Within a layer, ELK keeps the order of the nodes' position hints (see positionHint).
    ...(hints ? { 'elk.layered.crossingMinimization.semiInteractive': 'true' } : {}),
    'elk.layered.thoroughness': '40',
    'org.eclipse.elk.json.shapeCoords': 'ROOT',
    'org.eclipse.elk.json.edgeCoords': 'ROOT',
    // A chart too wide for the screen is broken into rows: ELK cuts the layers where the fewest edges
    // cross, into as many rows as the aspect ratio asks for.
    ...(rows !== 'one'
      ? { 'elk.layered.wrapping.strategy': 'MULTI_EDGE', 'elk.aspectRatio': String(rows), 'elk.layered.wrapping.additionalEdgeSpacing': '8' }
      : {}),
  };
}

/** ELK's section as a drawn path: splines come as Bézier control points (three per piece). */
function drawnPath(section: NonNullable<ElkExtendedEdge['sections']>[number], spline: boolean, reversed: boolean): DrawnPath {
  if (reversed) {
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].reverse();
    return drawnPath({ ...section, startPoint: points[0]!, bendPoints: points.slice(1, -1), endPoint: points[points.length - 1]! }, spline, false);
  }
  const bends = section.bendPoints ?? [];
  const points = [...bends, section.endPoint];
  if (spline && points.length % 3 === 0) {
    const pieces: DrawnPath['pieces'] = [];
    for (let i = 0; i < points.length; i += 3) pieces.push({ kind: 'C', c1: points[i]!, c2: points[i + 1]!, to: points[i + 2]! });
    return { start: section.startPoint, pieces };
  }
  return { start: section.startPoint, pieces: points.map((to) => ({ kind: 'L' as const, to })) };
}

/**
 * An edge cut by a row break comes in several sections, linked by their ids: they are joined into one,
 * in order, so the edge is drawn whole (from its source to its arrow head).
 */
function joinedSections(sections: NonNullable<ElkExtendedEdge['sections']>): NonNullable<ElkExtendedEdge['sections']>[number] | null {
  if (sections.length <= 1) return sections[0] ?? null;
  const byId = new Map(sections.map((section) => [section.id, section]));
  let current = sections.find((section) => !section.incomingSections?.length) ?? sections[0]!;
  const chain = [current];
  while (current.outgoingSections?.length && chain.length < sections.length) {
    current = byId.get(current.outgoingSections[0]!)!;
    chain.push(current);
  }
  const bends = chain.flatMap((section, index) => [...(index > 0 ? [section.startPoint] : []), ...(section.bendPoints ?? []), ...(index < chain.length - 1 ? [section.endPoint] : [])]);
  return { ...chain[0]!, bendPoints: bends, endPoint: chain[chain.length - 1]!.endPoint };
}

async function layoutOnce(graph: MachineGraph, rootInitialId: string | null, pass: Pass, attempt = 0): Promise<Layout> {
  const { farBack, unlabelled } = pass;
  const wrapLines = (text: string, maxLines: number) => (pass.labels === 'short' ? shortLines(text, maxLines) : labelLines(text));
  const order = readingOrder(graph, rootInitialId);
  const rankOf = (id: string) => order.rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const columnOf = (id: string) => order.column.get(id) ?? Number.MAX_SAFE_INTEGER;
  /** A way back: to a state met earlier along the happy path (or, beside the same happy state, earlier). */
  const isBack = (source: string, target: string) =>
    !pass.onwards.has(`${source}>${target}`) &&
    (columnOf(target) < columnOf(source) || (columnOf(target) === columnOf(source) && rankOf(target) < rankOf(source)));
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const wrappers = new Set(graph.states.filter((state) => wrapsEverything(graph, state, rootInitialId)).map((state) => state.id));
  const hidden = new Set([...wrappers, ...graph.states.filter((state) => onlyGroups(graph, state, rootInitialId)).map((state) => state.id)]);
  const drawnParent = (state: ChartState): string | null => {
    let parent = state.parentId;
    while (parent && hidden.has(parent)) parent = byId.get(parent)!.parentId;
    return parent;
  };
  // Where an arrow into a state lands: a hidden group's start state, all the way down.
  const landing = (id: string): string => (hidden.has(id) ? landing(byId.get(id)!.initialId ?? byId.get(id)!.childIds[0]!) : id);

  const byParent = new Map<string | null, ChartState[]>();
  for (const state of graph.states) {
    if (hidden.has(state.id)) continue;
    const parent = drawnParent(state);
    byParent.set(parent, [...(byParent.get(parent) ?? []), state]);
  }
  for (const list of byParent.values()) list.sort((a, b) => rankOf(a.id) - rankOf(b.id));

  const edges: (ElkExtendedEdge & { rank: number })[] = [];
  const transitionsById = new Map<string, ChartTransition[]>();
  const reversed = new Set<string>();
  /** Return stubs: edge id → the state the member goes back to. */
  const stubs = new Map<string, string>();
  /** Return stubs of a drawn compound state: listed under its title (a loop round a whole box reads badly). */
  const headerStubs = new Map<string, { id: string; text: string }[]>();
  // Transitions of one kind between the same two states are one arrow: its words name each distinct
  // outcome once ("Signed in / Signed in, to products"), its tooltip every technical label.
  const bundles = new Map<string, { id: string; transitions: ChartTransition[]; source: string; target: string }>();
  /** A wrapper's own transitions: listed at the top of the chart ("From any step: …"). */
  const everywhere = new Map<string, { id: string; transitions: ChartTransition[]; target: string }>();
  graph.transitions.forEach((transition, index) => {
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    if (wrappers.has(transition.sourceId)) {
      for (const target of targets) {
        const to = landing(target);
        const known = everywhere.get(to);
        if (known) known.transitions.push(transition);
        else everywhere.set(to, { id: `t${index}_everywhere`, transitions: [transition], target: to });
      }
      return;
    }
    targets.forEach((target, targetIndex) => {
      const to = landing(target);
      const key = `${transition.sourceId}>${to}>${transition.kind}`;
      const bundle = bundles.get(key);
      if (bundle) bundle.transitions.push(transition);
      else bundles.set(key, { id: `t${index}_${targetIndex}`, transitions: [transition], source: transition.sourceId, target: to });
    });
  });
  // A way back to the state just before (the target leads straight to the source, and is drawn next to
  // it) is a short real arrow; a way back further than that is a return stub at its source: a small
  // loop that says what happens and where the member goes back to. Stubs to one state are one loop.
  const forward = new Set([...bundles.values()].filter((b) => !isBack(b.source, b.target)).map((b) => `${b.source}>${b.target}`));
  const stubBundles = new Map<string, { id: string; transitions: ChartTransition[]; source: string; target: string }>();
  const arrows: typeof stubBundles extends Map<string, infer B> ? B[] : never = [];
  for (const bundle of bundles.values()) {
    const back = isBack(bundle.source, bundle.target);
    const pair = `${bundle.source}>${bundle.target}`;
    if (back && (!forward.has(`${bundle.target}>${bundle.source}`) || farBack.has(pair))) {
      const stub = stubBundles.get(pair);
      if (stub) stub.transitions.push(...bundle.transitions);
      else stubBundles.set(pair, { ...bundle, transitions: [...bundle.transitions] });
    } else arrows.push(bundle);
  }
  const hasChildren = (id: string) => (byParent.get(id) ?? []).length > 0;
  // Everything that loops on a simple state (its own `stays` transitions and its return stubs) is one
  // loop with the parts' words stacked in one label: several loops on one box cross each other's words.
  const loops = new Map<string, { id: string; lines: string[] }[]>();
  for (const { id, transitions, source, target: to } of stubBundles.values()) {
    const words = [...new Set(transitions.map(edgeWords))].join(' / ');
    stubs.set(id, to);
    transitionsById.set(id, transitions);
    if (hasChildren(source)) {
      headerStubs.set(source, [...(headerStubs.get(source) ?? []), { id, text: `${words} → ${stateWords(byId.get(to)!.key)}` }]);
      continue;
    }
    const lines = [...wrapLines(`↩ ${words}`, 2), ...wrapLines(`→ ${stateWords(byId.get(to)!.key)}`, 1)];
    loops.set(source, [...(loops.get(source) ?? []), { id, lines }]);
  }
  for (const { id, transitions, source, target: to } of arrows) {
    const happy = transitions.some((transition) => order.happyTransitions.has(transition.key));
    const lines = wrapLines([...new Set(transitions.map(edgeWords))].join(' / '), 3);
    if (source === to && !hasChildren(source)) {
      transitionsById.set(id, transitions);
      loops.set(source, [...(loops.get(source) ?? []), { id, lines }]);
      continue;
    }
    // An edge against the reading order is a way back: ELK gets it turned round (so it never pushes a
    // state to the right) and it is drawn back the right way round below.
    const back = isBack(source, to);
    if (back) reversed.add(id);
    transitionsById.set(id, transitions);
    edges.push({
      id,
      rank: rankOf(source) * 1000 + rankOf(to),
      sources: [back ? to : source],
      targets: [back ? source : to],
      labels: [{ id: `${id}_label`, text: lines.join('\n'), ...labelSize(lines) }],
      // The happy path runs straight and left to right.
      layoutOptions: happy ? { 'elk.layered.priority.straightness': '10', 'elk.layered.priority.direction': '10' } : {},
    });
  }

  // Where a state should sit, for ELK's order within a layer: the happy path on top, the rest below it in
  // the order a member meets them (ELK's model order would say the same, but fails on nested charts).
  const positionHint = (id: string) => `(${Math.round(columnOf(id) * 100)},${order.happyStates.has(id) ? 0 : 100 + rankOf(id)})`;
  const toNode = (state: ChartState): ElkNode => {
    const children = byParent.get(state.id) ?? [];
    if (children.length === 0) {
      const lines = leafLines(state);
      return {
        id: state.id,
        width: Math.max(64, ...lines.map((line) => textWidth(line.text, line.name ? 13 : 11) + 24)),
        height: 18 + lines.length * font.lineHeight,
        ...(pass.hints ? { layoutOptions: { 'elk.position': positionHint(state.id) } } : {}),
      };
    }
    const nested: ElkNode[] = children.map(toNode);
    if (state.initialId) nested.unshift({ id: initialMarker(state.id), width: 12, height: 12 });
    const title = stateLines(state);
    const returns = headerStubs.get(state.id) ?? [];
    const returnsWidth = Math.max(0, ...returns.map((stub) => labelSize([stub.text]).width + stubIndent));
    return {
      id: state.id,
      children: nested,
      layoutOptions: {
        ...(pass.hints ? { 'elk.position': positionHint(state.id), 'elk.layered.crossingMinimization.semiInteractive': 'true' } : {}),
        'elk.padding': `[top=${headerHeight + (title.length - 1) * font.lineHeight + returns.length * stubLineHeight + 10},left=12,bottom=12,right=12]`,
        'elk.nodeSize.minimum': `(${Math.max(returnsWidth, ...title.map((line) => textWidth(line, 13))) + 28}, 56)`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        ...(state.type === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
    };
  };
  const top = (byParent.get(null) ?? []).map(toNode);
  if (rootInitialId) top.unshift({ id: initialMarker('root'), width: 12, height: 12 });

  const loopParts = new Map<string, { id: string; lines: string[] }[]>();
  for (const [source, parts] of loops) {
    const id = `loop_${parts[0]!.id}`;
    const lines = parts.flatMap((part) => part.lines);
    loopParts.set(id, parts);
    edges.push({ id, rank: rankOf(source) * 1000 + rankOf(source), sources: [source], targets: [source], labels: [{ id: `${id}_label`, text: lines.join('\n'), ...labelSize(lines) }] });
  }
  const initialEdge = (parentId: string, target: string) => {
    const id = `init_${parentId}`;
    transitionsById.set(id, []);
    edges.push({ id, rank: -1, sources: [initialMarker(parentId)], targets: [landing(target)], layoutOptions: { 'elk.layered.priority.straightness': '10' } });
  };
  if (rootInitialId) initialEdge('root', rootInitialId);
  for (const state of graph.states) if (state.initialId && !hidden.has(state.id)) initialEdge(state.id, state.initialId);
  edges.sort((a, b) => a.rank - b.rank);

  const elk = new ELK();
  let result: ElkNode;
  try {
    result = await elk.layout(
      { id: 'root', children: top, edges: edges.map(({ rank: _rank, labels, ...edge }) => (unlabelled.has(edge.id) ? edge : { ...edge, labels })) },
      { layoutOptions: { ...elkOptions(pass, attempt), 'elk.padding': `[top=${16 + everywhere.size * stubLineHeight},left=16,bottom=16,right=16]` } },
    );
  } catch (error) {
    if (attempt + 1 >= fallbacks.length) throw error;
    return layoutOnce(graph, rootInitialId, pass, attempt + 1);
  }

  const states = new Map<string, Box>();
  const initials = new Map<string, Box>();
  const visit = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      const box = { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 };
      if (child.id.endsWith('::initial')) initials.set(child.id.slice(0, -'::initial'.length), box);
      else states.set(child.id, box);
      visit(child);
    }
  };
  visit(result);
  const boxOf = (id: string) => (id.endsWith('::initial') ? initials.get(id.slice(0, -'::initial'.length)) : states.get(id));
  const touches = (point: { x: number; y: number }, box: Box | undefined) =>
    !box || (point.x >= box.x - 3 && point.x <= box.x + box.width + 3 && point.y >= box.y - 3 && point.y <= box.y + box.height + 3);
  const cutShort: string[] = [];
  const laidEdges: Layout['edges'] = [];
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const section = joinedSections(edge.sections ?? []);
      if (section && edge.sources[0] !== edge.targets[0] && !(touches(section.startPoint, boxOf(edge.sources[0]!)) && touches(section.endPoint, boxOf(edge.targets[0]!)))) cutShort.push(edge.id);
      const label = edge.labels?.[0];
      const parts = loopParts.get(edge.id);
      if (parts && section && label) {
        // One loop, split back into its parts: each keeps its own words' share of the label.
        let line = 0;
        for (const part of parts) {
          const transitions = transitionsById.get(part.id)!;
          laidEdges.push({
            id: part.id,
            transitions,
            kind: 'transition',
            returnTo: stubs.get(part.id) ?? null,
            happy: false,
            path: drawnPath(section, false, false),
            label: { x: label.x ?? 0, y: (label.y ?? 0) + (line ? 2 : 0) + line * labelFont.lineHeight, width: label.width ?? 0, height: part.lines.length * labelFont.lineHeight + (line ? 0 : 2) + (line + part.lines.length === label.text!.split('\n').length ? 2 : 0), lines: part.lines },
          });
          line += part.lines.length;
        }
        continue;
      }
      const transitions = transitionsById.get(edge.id) ?? [];
      laidEdges.push({
        id: edge.id,
        transitions,
        kind: transitions.length ? 'transition' : 'initial',
        returnTo: stubs.get(edge.id) ?? null,
        happy: transitions.length ? transitions.some((transition) => order.happyTransitions.has(transition.key)) : true,
        path: section ? drawnPath(section, false, reversed.has(edge.id)) : null,
        label: label
          ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0, lines: (label.text ?? '').split('\n') }
          : null,
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(result);
  // ELK hands edges back where it keeps them (in the closest common parent); draw them in a stable order.
  const position = new Map(edges.flatMap((edge, index) => [[edge.id, index] as const, ...(loopParts.get(edge.id) ?? []).map((part, at) => [part.id, index + at / 100] as const)]));
  laidEdges.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  // Return stubs listed in a box (under a compound state's title, or at the top of the chart for a
  // wrapper's transitions): a small hook, then the words.
  const listStubs = (left: number, top: number, list: { id: string; text: string }[]) =>
    list.forEach(({ id, text }, index) => {
      const y = top + index * stubLineHeight;
      const x = left + stubIndent;
      laidEdges.push({
        id,
        transitions: transitionsById.get(id)!,
        kind: 'transition',
        returnTo: stubs.get(id)!,
        happy: false,
        path: { start: { x: x - 4, y: y + 4 }, pieces: [{ kind: 'C', c1: { x: x - 17, y: y + 4 }, c2: { x: x - 17, y: y + 14 }, to: { x: x - 8, y: y + 14 } }] },
        label: { x, y, ...labelSize([text]), lines: [text] },
      });
    });
  for (const [source, returns] of headerStubs) {
    const box = states.get(source)!;
    listStubs(box.x + 12, box.y + headerHeight + (stateLines(byId.get(source)!).length - 1) * font.lineHeight + 2, returns);
  }
  listStubs(16, 8, [...everywhere.values()].map(({ id, transitions, target }) => {
    stubs.set(id, target);
    transitionsById.set(id, transitions);
    return { id, text: `From any step: ${[...new Set(transitions.map(edgeWords))].join(' / ')} → ${stateWords(byId.get(target)!.key)}` };
  }));
  // Labels of edges laid out without them (see cutShort): on the drawn path where they touch nothing.
  const groups = graph.states
    .filter((state) => states.has(state.id) && (byParent.get(state.id) ?? []).length > 0)
    .map((state) => ({ ...states.get(state.id)!, id: state.id, header: headerHeight + (stateLines(state).length - 1) * font.lineHeight }));
  const leaves = [
    ...graph.states.filter((state) => states.has(state.id) && !(byParent.get(state.id) ?? []).length).map((state) => ({ ...states.get(state.id)!, id: state.id })),
    ...[...initials.values()].map((box) => ({ ...box, id: 'start' })),
  ];
  for (const edge of laidEdges) {
    // (An edge cut short in one pass may be a return stub, with its own label, in the next.)
    const text = edges.find((candidate) => candidate.id === edge.id)?.labels?.[0]?.text;
    if (!unlabelled.has(edge.id) || !edge.path || edge.label || text === undefined) continue;
    const lines = text.split('\n');
    const placed = laidEdges.flatMap((other) => (other.label ? [{ ...other.label, text: other.label.lines.join(' ') }] : []));
    edge.label = labelAlong(flatten(edge.path), labelSize(lines), { leaves, groups, labels: placed }, lines);
  }
  const crossings = countCrossings(laidEdges.flatMap((edge) => (edge.path && !edge.returnTo ? [flatten(edge.path)] : [])));
  // Ways back drawn as real arrows that ended up far from their target: the next pass draws them as stubs.
  const far = [...bundles.values()].flatMap(({ source, target }) => {
    const from = states.get(source);
    const to = states.get(target);
    if (!from || !to || !isBack(source, target) || !forward.has(`${target}>${source}`)) return [];
    return from.x - (to.x + to.width) > maxReturnGap || from.x < to.x ? [`${source}>${target}`] : [];
  });
  const onwards = [...stubBundles.values()].flatMap(({ source, target }) => {
    const from = states.get(source);
    const to = states.get(target);
    // (In a chart broken into rows, left and right say nothing about the order.)
    return pass.rows === 'one' && from && to && to.x > from.x + from.width ? [`${source}>${target}`] : [];
  });
  return { width: result.width ?? 0, height: result.height ?? 0, states, initials, edges: laidEdges, fit: { rows: pass.rows, hints: pass.hints, labels: pass.labels, crossings, attempt }, farBack: far, onwards, cutShort };
}

/**
 * Where a label goes on a path ELK laid out without it: the first spot along the path's longest
 * straight pieces, above or below, that touches no state, group border or other label (else the middle).
 */
function labelAlong(points: { x: number; y: number }[], size: { width: number; height: number }, boxes: ChartBoxes, lines: string[]): LaidLabel {
  const pieces = points.slice(1).map((to, index) => ({ from: points[index]!, to, length: Math.hypot(to.x - points[index]!.x, to.y - points[index]!.y) }));
  pieces.sort((a, b) => b.length - a.length);
  for (const { from, to } of pieces.slice(0, 6)) {
    for (const t of [0.5, 0.3, 0.7, 0.15, 0.85]) {
      const x = from.x + (to.x - from.x) * t - size.width / 2;
      const y = from.y + (to.y - from.y) * t;
      for (const top of [y + 3, y - size.height - 3]) {
        const label = { x, y: top, ...size, text: lines.join(' ') };
        if (x >= 0 && overlaps({ ...boxes, labels: [...boxes.labels, label] }).every((problem) => !problem.includes(`"${label.text}"`))) return { x, y: top, ...size, lines };
      }
    }
  }
  const middle = points[Math.floor(points.length / 2)]!;
  return { x: middle.x - size.width / 2, y: middle.y + 3, ...size, lines };
}

/**
 * A layout pass, then again with what it found: far ways back as stubs, stubs to a state drawn further
 * right as arrows, cut-short edges unlabelled (a few rounds at most).
 */
async function settled(graph: MachineGraph, rootInitialId: string | null, rows: Pass['rows'], hints: boolean, labels: Pass['labels']): Promise<Layout> {
  let pass: Pass = { rows, hints, labels, farBack: new Set(), onwards: new Set(), unlabelled: new Set() };
  let laid = await layoutOnce(graph, rootInitialId, pass);
  const news = (found: string[], known: ReadonlySet<string>) => found.some((pair) => !known.has(pair));
  for (let round = 0; round < 3 && (news(laid.farBack, pass.farBack) || news(laid.onwards, pass.onwards) || news(laid.cutShort, pass.unlabelled)); round++) {
    pass = {
      rows,
      hints,
      labels,
      farBack: new Set([...pass.farBack, ...laid.farBack]),
      onwards: new Set([...pass.onwards, ...laid.onwards]),
      unlabelled: new Set([...pass.unlabelled, ...laid.cutShort]),
    };
    laid = await layoutOnce(graph, rootInitialId, pass);
  }
  return laid;
}

/** Aspect ratios tried in turn for a chart too wide for the screen: few rows first, then more. */
const rowBreaks = [4, 3.2, 2.4, 1.6, 1.2, 0.9, 0.7];

/**
 * Lays a chart out in one row; a chart of up to 25 states wider than the screen is broken into rows
 * (the fewest that fit), at full size: it is never scaled down to fit.
 */
export async function layout(graph: MachineGraph, rootInitialId: string | null): Promise<Layout> {
  const oneRow = await settled(graph, rootInitialId, 'one', true, 'short');
  if (oneRow.width <= screenWidth || graph.states.length > smallChartStates) return oneRow;
  let narrowest = oneRow;
  // In one row with narrow labels; else the fewest rows: ordered by the hints, else by ELK (which
  // sometimes cuts nested charts more cleanly), else with narrow labels.
  const tries: Pick<Pass, 'rows' | 'hints' | 'labels'>[] = [
    { rows: 'one', hints: true, labels: 'narrow' },
    ...rowBreaks.flatMap((rows) => [
      { rows, hints: true, labels: 'short' as const },
      { rows, hints: false, labels: 'short' as const },
      { rows, hints: false, labels: 'narrow' as const },
    ]),
  ];
  for (const { rows, hints, labels } of tries) {
    const laid = await settled(graph, rootInitialId, rows, hints, labels);
    if (laid.width <= screenWidth) return laid;
    if (laid.width < narrowest.width) narrowest = laid;
  }
  return narrowest;
}

// ---------------------------------------------------------------- SVG

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const n = (value: number) => String(Math.round(value * 10) / 10);

const edgeColours: Record<string, string> = {
  event: '#334e68',
  done: '#2b8a3e',
  error: '#c92a2a',
  after: '#9c36b5',
  always: '#5c677d',
  stateDone: '#2b8a3e',
};

const pathData = (path: DrawnPath) =>
  `M${n(path.start.x)},${n(path.start.y)}` +
  path.pieces
    .map((piece) =>
      piece.kind === 'L'
        ? `L${n(piece.to.x)},${n(piece.to.y)}`
        : `C${n(piece.c1.x)},${n(piece.c1.y)} ${n(piece.c2.x)},${n(piece.c2.y)} ${n(piece.to.x)},${n(piece.to.y)}`,
    )
    .join('');

export function toSvg(graph: MachineGraph, laid: Layout, title: string, description: string): string {
  const out: string[] = [];
  const width = Math.ceil(laid.width);
  const height = Math.ceil(laid.height);
  const stateName = (id: string) => graph.states.find((state) => state.id === id)?.path ?? id;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="chart-title chart-desc" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="${font.size}" data-crossings="${laid.fit.crossings}">`,
    `<title id="chart-title">${escape(title)}</title>`,
    `<desc id="chart-desc">${escape(description)}</desc>`,
    '<defs>',
    ...Object.entries(edgeColours).map(
      ([kind, colour]) =>
        `<marker id="arrow-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`,
    ),
    '</defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  );
  // States: outer boxes first, so nested ones are drawn on top.
  const depth = (state: ChartState): number => (state.parentId ? 1 + depth(graph.states.find((s) => s.id === state.parentId)!) : 0);
  const ordered = [...graph.states].sort((a, b) => depth(a) - depth(b));
  for (const state of ordered) {
    const box = laid.states.get(state.id);
    if (!box) continue;
    const compound = state.childIds.length > 0;
    const parallelRegion = state.parentId && graph.states.find((s) => s.id === state.parentId)?.type === 'parallel';
    const fill = compound ? (parallelRegion ? '#f8f9fa' : '#f1f5fb') : '#ffffff';
    const dash = state.type === 'parallel' ? ' stroke-dasharray="6 4"' : '';
    const lines = compound ? stateLines(state).map((text, index) => ({ text, name: index === 0 })) : leafLines(state);
    const header = compound ? headerHeight + (lines.length - 1) * font.lineHeight : 0;
    out.push(
      `<g class="state" data-state-id="${escape(state.id)}" data-state-type="${state.type}" data-compound="${compound}" data-header="${header}" tabindex="0" role="button" aria-label="${escape(state.path)}">`,
      `<title>${escape(state.description ? `${state.path}: ${state.description}` : state.path)}</title>`,
      `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" rx="10" fill="${fill}" stroke="#486581" stroke-width="1.5"${dash}/>`,
    );
    if (state.type === 'final') {
      out.push(
        `<rect x="${n(box.x + 4)}" y="${n(box.y + 4)}" width="${n(box.width - 8)}" height="${n(box.height - 8)}" rx="7" fill="none" stroke="#486581" stroke-width="1.5"/>`,
      );
    }
    const textX = compound ? box.x + 12 : box.x + box.width / 2;
    const anchor = compound ? 'start' : 'middle';
    const firstY = compound ? box.y + 18 : box.y + box.height / 2 - ((lines.length - 1) * font.lineHeight) / 2 + 4;
    lines.forEach((line, index) => {
      const weight = line.name ? ' font-weight="700"' : ' font-style="italic" fill="#52606d" font-size="11"';
      out.push(`<text x="${n(textX)}" y="${n(firstY + index * font.lineHeight)}" text-anchor="${anchor}"${weight}>${escape(line.text)}</text>`);
    });
    if (state.type === 'parallel') {
      out.push(`<text x="${n(box.x + box.width - 10)}" y="${n(box.y + 18)}" text-anchor="end" font-size="10" fill="#52606d">parallel</text>`);
    }
    out.push('</g>');
  }
  for (const [, box] of laid.initials) {
    out.push(`<circle class="start" cx="${n(box.x + box.width / 2)}" cy="${n(box.y + box.height / 2)}" r="6" fill="#102a43"/>`);
  }
  for (const edge of laid.edges) {
    if (!edge.path) continue;
    const transition = edge.transitions[0];
    const kind = transition?.kind ?? 'event';
    const colour = edge.kind === 'initial' ? '#102a43' : edgeColours[kind]!;
    const dash = kind === 'error' ? ' stroke-dasharray="5 3"' : kind === 'always' ? ' stroke-dasharray="2 3"' : '';
    const strokeWidth = edge.happy ? '2.4' : '1.3';
    const technical = edge.transitions.map(transitionLabel);
    const attributes = transition
      ? ` data-transition="${escape(edge.transitions.map((t) => t.key).join('|'))}" data-event="${escape([...new Set(edge.transitions.map((t) => t.eventType || 'always'))].join(' '))}" data-source="${escape(transition.sourceId)}" data-target="${escape(transition.targetIds.join(' ') || transition.sourceId)}" data-label="${escape(technical.join(' | '))}"`
      : '';
    out.push(`<g class="edge${edge.happy ? ' happy' : ''}${edge.returnTo ? ' return' : ''}"${attributes}>`);
    if (transition) {
      const targets = transition.targetIds.map(stateName).join(', ') || 'stays';
      const words = edge.transitions.map((t) => `${transitionLabel(t)}${t.description ? ` (${t.description})` : ''}`);
      out.push(`<title>${escape(`${stateName(transition.sourceId)} → ${targets}: ${words.join('; ')}`)}</title>`);
    }
    out.push(
      `<path class="transition" d="${pathData(edge.path)}" fill="none" stroke="${colour}" stroke-width="${strokeWidth}"${dash} marker-end="url(#arrow-${edge.kind === 'initial' ? 'event' : kind})"/>`,
    );
    if (edge.label) {
      const { x, y, width: w, height: h, lines } = edge.label;
      out.push(
        `<rect class="edge-label" x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="3" fill="#ffffff" fill-opacity="0.92" data-text="${escape(lines.join(' '))}"/>`,
      );
      lines.forEach((line, index) => {
        out.push(
          `<text x="${n(x + w / 2)}" y="${n(y + 2 + (index + 1) * labelFont.lineHeight - 3)}" text-anchor="middle" font-size="${labelFont.size}" fill="${colour}"${kind === 'after' ? ' font-style="italic"' : ''}>${escape(line)}</text>`,
        );
      });
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
