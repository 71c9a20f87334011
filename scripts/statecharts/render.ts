// Turns a machine graph into a Mermaid state diagram (source for other tools) and an SVG laid out by
// ELK (elkjs, layered, hierarchical): nested and parallel states as boxes, initial markers, final states
// with a double border, guarded, delayed and invoke done/error transitions as labelled arrows. Text widths
// are estimated rather than measured, so the output is the same on every machine.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartState, ChartTransition, MachineGraph } from './machine-graph';

const font = { size: 12, charWidth: 7.2, lineHeight: 16 };
const textWidth = (text: string, size = font.size) => Math.ceil(text.length * font.charWidth * (size / font.size));

export function transitionLabel(transition: ChartTransition): string {
  return transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
}

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
    const label = mermaidText(transitionLabel(transition));
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    for (const target of targets) lines.push(`  ${mermaidId(transition.sourceId)} --> ${mermaidId(target)}: ${label}`);
  }
  for (const state of graph.states.filter((s) => s.type === 'final')) lines.push(`  ${mermaidId(state.id)} --> [*]`);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- layout

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Layout {
  width: number;
  height: number;
  states: Map<string, Box>;
  initials: Map<string, Box>;
  edges: { transition: ChartTransition | null; kind: 'transition' | 'initial'; points: { x: number; y: number }[]; label: (Box & { text: string }) | null }[];
}

const headerHeight = 26;

function stateLines(state: ChartState): string[] {
  return [state.key, ...state.invokes.map((id) => `invoke ${id}`)];
}

const initialMarker = (parentId: string) => `${parentId}::initial`;

export async function layout(graph: MachineGraph, rootInitialId: string | null): Promise<Layout> {
  const byParent = new Map<string | null, ChartState[]>();
  for (const state of graph.states) byParent.set(state.parentId, [...(byParent.get(state.parentId) ?? []), state]);
  const toNode = (state: ChartState): ElkNode => {
    const children = byParent.get(state.id) ?? [];
    if (children.length === 0) {
      const lines = stateLines(state);
      return {
        id: state.id,
        width: Math.max(90, ...lines.map((line, index) => textWidth(line, index === 0 ? 13 : 11) + 28)),
        height: 20 + lines.length * font.lineHeight,
      };
    }
    const nested: ElkNode[] = children.map(toNode);
    if (state.initialId) nested.unshift({ id: initialMarker(state.id), width: 12, height: 12 });
    const title = stateLines(state);
    return {
      id: state.id,
      children: nested,
      layoutOptions: {
        'elk.padding': `[top=${headerHeight + (title.length - 1) * font.lineHeight + 12},left=16,bottom=16,right=16]`,
        'elk.nodeSize.minimum': `(${Math.max(...title.map((line) => textWidth(line, 13))) + 32}, 60)`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        ...(state.type === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
    };
  };
  const top = (byParent.get(null) ?? []).map(toNode);
  if (rootInitialId) top.unshift({ id: initialMarker('root'), width: 12, height: 12 });

  const edges: ElkExtendedEdge[] = [];
  const transitionsById = new Map<string, ChartTransition | null>();
  graph.transitions.forEach((transition, index) => {
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    targets.forEach((target, targetIndex) => {
      const id = `t${index}_${targetIndex}`;
      const text = transitionLabel(transition);
      transitionsById.set(id, transition);
      edges.push({
        id,
        sources: [transition.sourceId],
        targets: [target],
        labels: [{ id: `${id}_label`, text, width: textWidth(text, 11) + 8, height: 16 }],
      });
    });
  });
  const initialEdge = (parentId: string, target: string) => {
    const id = `init_${parentId}`;
    transitionsById.set(id, null);
    edges.push({ id, sources: [initialMarker(parentId)], targets: [target] });
  };
  if (rootInitialId) initialEdge('root', rootInitialId);
  for (const state of graph.states) if (state.initialId) initialEdge(state.id, state.initialId);

  const elk = new ELK();
  const result: ElkNode = await elk.layout(
    { id: 'root', children: top, edges },
    {
      layoutOptions: {
        'elk.algorithm': 'layered',
        'elk.direction': 'RIGHT',
        'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
        'elk.edgeRouting': 'ORTHOGONAL',
        'elk.layered.spacing.nodeNodeBetweenLayers': '48',
        'elk.spacing.nodeNode': '28',
        'elk.spacing.edgeLabel': '4',
        'elk.spacing.edgeNode': '16',
        'elk.edgeLabels.inline': 'false',
        'elk.padding': '[top=20,left=20,bottom=20,right=20]',
        'elk.randomSeed': '1',
        'org.eclipse.elk.json.shapeCoords': 'ROOT',
        'org.eclipse.elk.json.edgeCoords': 'ROOT',
      },
    },
  );

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
  const laidEdges: Layout['edges'] = (result.edges ?? []).map((edge) => {
    const section = edge.sections?.[0];
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
    const label = edge.labels?.[0];
    const transition = transitionsById.get(edge.id) ?? null;
    return {
      transition,
      kind: transition ? 'transition' : 'initial',
      points,
      label: label
        ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0, text: label.text ?? '' }
        : null,
    };
  });
  return { width: result.width ?? 0, height: result.height ?? 0, states, initials, edges: laidEdges };
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

export function toSvg(graph: MachineGraph, laid: Layout, title: string, description: string): string {
  const out: string[] = [];
  const width = Math.ceil(laid.width);
  const height = Math.ceil(laid.height);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="chart-title chart-desc" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="${font.size}">`,
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
    out.push(
      `<g class="state" data-state-id="${escape(state.id)}" data-state-type="${state.type}" tabindex="0" role="button" aria-label="${escape(state.path)}">`,
      `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" rx="10" fill="${fill}" stroke="#486581" stroke-width="1.5"${dash}/>`,
    );
    if (state.type === 'final') {
      out.push(
        `<rect x="${n(box.x + 4)}" y="${n(box.y + 4)}" width="${n(box.width - 8)}" height="${n(box.height - 8)}" rx="7" fill="none" stroke="#486581" stroke-width="1.5"/>`,
      );
    }
    const lines = stateLines(state);
    const textX = compound ? box.x + 12 : box.x + box.width / 2;
    const anchor = compound ? 'start' : 'middle';
    const firstY = compound ? box.y + 18 : box.y + box.height / 2 - ((lines.length - 1) * font.lineHeight) / 2 + 4;
    lines.forEach((line, index) => {
      const weight = index === 0 ? ' font-weight="700"' : ' font-style="italic" fill="#52606d" font-size="11"';
      out.push(`<text x="${n(textX)}" y="${n(firstY + index * font.lineHeight)}" text-anchor="${anchor}"${weight}>${escape(line)}</text>`);
    });
    if (state.type === 'parallel') {
      out.push(`<text x="${n(box.x + box.width - 10)}" y="${n(box.y + 18)}" text-anchor="end" font-size="10" fill="#52606d">parallel</text>`);
    }
    out.push('</g>');
  }
  for (const [, box] of laid.initials) {
    out.push(`<circle cx="${n(box.x + box.width / 2)}" cy="${n(box.y + box.height / 2)}" r="6" fill="#102a43"/>`);
  }
  for (const edge of laid.edges) {
    if (edge.points.length < 2) continue;
    const kind = edge.transition?.kind ?? 'event';
    const colour = edge.kind === 'initial' ? '#102a43' : edgeColours[kind]!;
    const dash = kind === 'error' ? ' stroke-dasharray="5 3"' : kind === 'always' ? ' stroke-dasharray="2 3"' : '';
    const d = edge.points.map((point, index) => `${index ? 'L' : 'M'}${n(point.x)},${n(point.y)}`).join('');
    out.push(
      `<path class="transition" d="${d}" fill="none" stroke="${colour}" stroke-width="1.4"${dash} marker-end="url(#arrow-${edge.kind === 'initial' ? 'event' : kind})"${edge.transition ? ` data-transition="${escape(edge.transition.key)}"` : ''}/>`,
    );
    if (edge.label) {
      const { x, y, width: w, height: h, text } = edge.label;
      out.push(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="3" fill="#ffffff" fill-opacity="0.92"/>`,
        `<text x="${n(x + 4)}" y="${n(y + h - 4)}" font-size="11" fill="${colour}"${kind === 'after' ? ' font-style="italic"' : ''}>${escape(text)}</text>`,
      );
    }
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
