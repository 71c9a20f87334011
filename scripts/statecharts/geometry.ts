// Measures a laid-out chart: edge crossings (from the drawn curves) and label boxes that overlap each
// other or a state box. The charts test reads the committed SVGs back through `boxesOfSvg`.

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An edge as drawn: "L" pieces are straight, "C" pieces cubic Béziers (the first point is where it starts). */
export type DrawnPath = { start: Point; pieces: ({ kind: 'L'; to: Point } | { kind: 'C'; c1: Point; c2: Point; to: Point })[] };

/** The drawn curve as a polyline (Béziers sampled), for counting crossings. */
export function flatten(path: DrawnPath, samples = 10): Point[] {
  const points = [path.start];
  let from = path.start;
  for (const piece of path.pieces) {
    if (piece.kind === 'L') points.push(piece.to);
    else {
      for (let i = 1; i <= samples; i++) {
        const t = i / samples;
        const u = 1 - t;
        points.push({
          x: u * u * u * from.x + 3 * u * u * t * piece.c1.x + 3 * u * t * t * piece.c2.x + t * t * t * piece.to.x,
          y: u * u * u * from.y + 3 * u * u * t * piece.c1.y + 3 * u * t * t * piece.c2.y + t * t * t * piece.to.y,
        });
      }
    }
    from = piece.to;
  }
  return points;
}

function crossingPoint(a: Point, b: Point, c: Point, d: Point): Point | null {
  const denominator = (b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x);
  if (Math.abs(denominator) < 1e-9) return null;
  const t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / denominator;
  const u = ((c.x - a.x) * (b.y - a.y) - (c.y - a.y) * (b.x - a.x)) / denominator;
  if (t <= 0 || t >= 1 || u <= 0 || u >= 1) return null;
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
}

const near = (p: Point, q: Point, distance: number) => Math.hypot(p.x - q.x, p.y - q.y) < distance;

/**
 * How many times two different edges cross. Edges that leave or reach the same point (a state's side)
 * touch there by design: a crossing within 6 px of either edge's ends does not count.
 */
export function countCrossings(edges: Point[][]): number {
  let crossings = 0;
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const a = edges[i]!;
      const b = edges[j]!;
      const ends = [a[0]!, a[a.length - 1]!, b[0]!, b[b.length - 1]!];
      const found: Point[] = [];
      for (let p = 0; p + 1 < a.length; p++) {
        for (let q = 0; q + 1 < b.length; q++) {
          const point = crossingPoint(a[p]!, a[p + 1]!, b[q]!, b[q + 1]!);
          if (!point || ends.some((end) => near(point, end, 6)) || found.some((seen) => near(point, seen, 4))) continue;
          found.push(point);
        }
      }
      crossings += found.length;
    }
  }
  return crossings;
}

const intersects = (a: Box, b: Box, margin = 0) =>
  a.x < b.x + b.width - margin && b.x < a.x + a.width - margin && a.y < b.y + b.height - margin && b.y < a.y + a.height - margin;

const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

export interface ChartBoxes {
  /** Simple states (and start dots): a label may not touch them. */
  leaves: (Box & { id: string })[];
  /** Compound and parallel states: a label lies wholly inside or wholly outside, never on the border or the title band. */
  groups: (Box & { id: string; header: number })[];
  labels: (Box & { text: string })[];
}

/** Every label that overlaps another label or a state, named for a readable failure. */
export function overlaps(boxes: ChartBoxes): string[] {
  const found: string[] = [];
  boxes.labels.forEach((label, index) => {
    for (const other of boxes.labels.slice(index + 1)) {
      if (intersects(label, other, 0.5)) found.push(`label "${label.text}" overlaps label "${other.text}"`);
    }
    for (const leaf of boxes.leaves) if (intersects(label, leaf, 0.5)) found.push(`label "${label.text}" overlaps state ${leaf.id}`);
    for (const group of boxes.groups) {
      if (!intersects(label, group, 0.5)) continue;
      const titleBand = { x: group.x, y: group.y, width: group.width, height: group.header };
      if (!contains(group, label) || intersects(label, titleBand, 0.5)) found.push(`label "${label.text}" overlaps the border of ${group.id}`);
    }
  });
  return found;
}

const numberAttribute = (tag: string, name: string) => Number(new RegExp(`\\s${name}="([-\\d.]+)"`).exec(tag)?.[1] ?? NaN);
const boxOf = (tag: string): Box => ({
  x: numberAttribute(tag, 'x'),
  y: numberAttribute(tag, 'y'),
  width: numberAttribute(tag, 'width'),
  height: numberAttribute(tag, 'height'),
});

/** Reads the boxes back from a chart SVG written by `toSvg` (its state groups, start dots and label rects). */
export function boxesOfSvg(svg: string): ChartBoxes & { width: number; height: number } {
  const boxes: ChartBoxes = { leaves: [], groups: [], labels: [] };
  for (const match of svg.matchAll(/<g class="state" data-state-id="([^"]+)"[^>]*data-compound="(true|false)"[^>]*>(?:\s*<title>[^<]*<\/title>)?\s*(<rect [^>]*>)/g)) {
    const box = { ...boxOf(match[3]!), id: match[1]! };
    if (match[2] === 'true') boxes.groups.push({ ...box, header: numberAttribute(match[0], 'data-header') });
    else boxes.leaves.push(box);
  }
  for (const match of svg.matchAll(/<circle class="start" cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"/g)) {
    const [cx, cy, r] = [Number(match[1]), Number(match[2]), Number(match[3])];
    boxes.leaves.push({ id: 'start', x: cx - r, y: cy - r, width: 2 * r, height: 2 * r });
  }
  for (const match of svg.matchAll(/<rect class="edge-label"[^>]*data-text="([^"]*)"[^>]*>/g)) {
    boxes.labels.push({ ...boxOf(match[0]), text: match[1]! });
  }
  const size = /<svg [^>]*viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  return { ...boxes, width: Number(size?.[1]), height: Number(size?.[2]) };
}
