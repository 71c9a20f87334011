// Turns a machine graph into a Mermaid state diagram (source for other tools) and an SVG laid out by
// ELK (elkjs, layered, hierarchical) for people: left to right in the order a member meets the states,
// the happy path on one line, refusals and errors below it, ways back as short curves; nested and
// parallel states as boxes, start dots, final states with a double border. Edges read in words (the
// transition's meta.description); the technical label (`event [guard]`) is the edge's tooltip. Text
// widths are estimated rather than measured, so the output is the same on every machine.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { countCrossings, flatten, type Box, type DrawnPath } from './geometry';
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
  edges: { id: string; transitions: ChartTransition[]; kind: 'transition' | 'initial'; happy: boolean; path: DrawnPath | null; label: LaidLabel | null }[];
  /** How the chart was fitted: `layers` in one row, or wrapped into rows, and its edge crossings. */
  fit: { wrapped: boolean; crossings: number; attempt: number };
}

/** A chart of up to this many states must fit a 1,440 px wide screen (the /flows page, a laptop). */
export const screenWidth = 1440;
export const smallChartStates = 25;

const headerHeight = 26;
const labelFont = { size: 11, charWidth: 6.4, lineHeight: 14 };
const labelLineChars = 18;

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
export function onlyGroups(graph: MachineGraph, state: ChartState): boolean {
  if (state.type !== 'compound' || state.invokes.length > 0) return false;
  const parent = graph.states.find((candidate) => candidate.id === state.parentId);
  if (parent?.type === 'parallel') return false;
  return !graph.transitions.some((transition) => transition.sourceId === state.id);
}

/** elkjs 0.12 fails on some nested graphs with some options: these are tried in turn, the best first. */
const fallbacks = [
  { modelOrder: true, routing: 'POLYLINE' },
  { modelOrder: false, routing: 'POLYLINE' },
  { modelOrder: false, routing: 'ORTHOGONAL' },
] as const;

function elkOptions(wrapped: boolean, attempt: number): Record<string, string> {
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
    'elk.layered.spacing.nodeNodeBetweenLayers': '20',
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
    'elk.layered.thoroughness': '40',
    'org.eclipse.elk.json.shapeCoords': 'ROOT',
    'org.eclipse.elk.json.edgeCoords': 'ROOT',
    ...(wrapped
      ? { 'elk.layered.wrapping.strategy': 'MULTI_EDGE', 'elk.aspectRatio': '1.6', 'elk.layered.wrapping.additionalEdgeSpacing': '8' }
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

async function layoutOnce(graph: MachineGraph, rootInitialId: string | null, wrapped: boolean, attempt = 0): Promise<Layout> {
  const order = readingOrder(graph, rootInitialId);
  const rankOf = (id: string) => order.rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const hidden = new Set(graph.states.filter((state) => onlyGroups(graph, state)).map((state) => state.id));
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

  const toNode = (state: ChartState): ElkNode => {
    const children = byParent.get(state.id) ?? [];
    if (children.length === 0) {
      const lines = leafLines(state);
      return {
        id: state.id,
        width: Math.max(84, ...lines.map((line) => textWidth(line.text, line.name ? 13 : 11) + 24)),
        height: 18 + lines.length * font.lineHeight,
      };
    }
    const nested: ElkNode[] = children.map(toNode);
    if (state.initialId) nested.unshift({ id: initialMarker(state.id), width: 12, height: 12 });
    const title = stateLines(state);
    return {
      id: state.id,
      children: nested,
      layoutOptions: {
        'elk.padding': `[top=${headerHeight + (title.length - 1) * font.lineHeight + 10},left=12,bottom=12,right=12]`,
        'elk.nodeSize.minimum': `(${Math.max(...title.map((line) => textWidth(line, 13))) + 28}, 56)`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        ...(state.type === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
    };
  };
  const top = (byParent.get(null) ?? []).map(toNode);
  if (rootInitialId) top.unshift({ id: initialMarker('root'), width: 12, height: 12 });

  const edges: (ElkExtendedEdge & { rank: number })[] = [];
  const transitionsById = new Map<string, ChartTransition[]>();
  const reversed = new Set<string>();
  // Transitions of one kind between the same two states are one arrow: its words name each distinct
  // outcome once ("Signed in / Signed in, to products"), its tooltip every technical label.
  const bundles = new Map<string, { id: string; transitions: ChartTransition[]; source: string; target: string }>();
  graph.transitions.forEach((transition, index) => {
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    targets.forEach((target, targetIndex) => {
      const to = landing(target);
      const key = `${transition.sourceId}>${to}>${transition.kind}`;
      const bundle = bundles.get(key);
      if (bundle) bundle.transitions.push(transition);
      else bundles.set(key, { id: `t${index}_${targetIndex}`, transitions: [transition], source: transition.sourceId, target: to });
    });
  });
  for (const { id, transitions, source, target: to } of bundles.values()) {
    const happy = transitions.some((transition) => order.happyTransitions.has(transition.key));
    const lines = labelLines([...new Set(transitions.map(edgeWords))].join(' / '));
    // An edge against the reading order is a way back: ELK gets it turned round (so it never pushes a
    // state to the right) and it is drawn back the right way round below.
    const back = rankOf(to) < rankOf(source);
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
      { id: 'root', children: top, edges: edges.map(({ rank: _rank, ...edge }) => edge) },
      { layoutOptions: elkOptions(wrapped, attempt) },
    );
  } catch (error) {
    if (attempt + 1 >= fallbacks.length) throw error;
    return layoutOnce(graph, rootInitialId, wrapped, attempt + 1);
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
  const laidEdges: Layout['edges'] = [];
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const section = edge.sections?.[0];
      const label = edge.labels?.[0];
      const transitions = transitionsById.get(edge.id) ?? [];
      laidEdges.push({
        id: edge.id,
        transitions,
        kind: transitions.length ? 'transition' : 'initial',
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
  const position = new Map(edges.map((edge, index) => [edge.id, index]));
  laidEdges.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  const crossings = countCrossings(laidEdges.flatMap((edge) => (edge.path ? [flatten(edge.path)] : [])));
  return { width: result.width ?? 0, height: result.height ?? 0, states, initials, edges: laidEdges, fit: { wrapped, crossings, attempt } };
}

/**
 * Lays a chart out in one row. (ELK's graph wrapping was tried for wide charts: on nested charts it
 * drew long edges across the whole picture, so a wide chart is scaled to the screen instead; see toSvg.)
 */
export function layout(graph: MachineGraph, rootInitialId: string | null): Promise<Layout> {
  return layoutOnce(graph, rootInitialId, false);
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
  // A chart of up to 25 states wider than the screen is drawn smaller (text and all) to fit it.
  const scale = graph.states.length <= smallChartStates && width > screenWidth ? screenWidth / width : 1;
  const shownWidth = Math.floor(width * scale);
  const shownHeight = Math.ceil(height * scale);
  const stateName = (id: string) => graph.states.find((state) => state.id === id)?.path ?? id;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${shownWidth}" height="${shownHeight}" role="img" aria-labelledby="chart-title chart-desc" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="${font.size}" data-crossings="${laid.fit.crossings}">`,
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
    out.push(`<g class="edge${edge.happy ? ' happy' : ''}"${attributes}>`);
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
