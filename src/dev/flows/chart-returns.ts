// A chart draws a way back further than one step as a short return stub at its source ("↩ Member goes
// back → choosing method"), not as a line across the picture. On /flows its whole route is shown while
// the stub is hovered or focused, or while its source state is chosen: a dashed curve under the chart's
// boxes from the source to the state it goes back to, removed again afterwards.
const svgNamespace = 'http://www.w3.org/2000/svg';

function stateBox(svg: SVGSVGElement, id: string) {
  const rect = svg.querySelector<SVGRectElement>(`g.state[data-state-id="${CSS.escape(id)}"] > rect`);
  if (!rect) return null;
  const number = (name: string) => Number(rect.getAttribute(name));
  return { x: number('x'), y: number('y'), width: number('width'), height: number('height') };
}

/** Shows the routes of the given return stubs (g.edge.return), replacing any shown before. */
export function showReturnRoutes(root: Element, stubs: Element[]): number {
  const svg = root.querySelector('svg');
  if (!svg) return 0;
  svg.querySelectorAll('path.return-route').forEach((path) => path.remove());
  let shown = 0;
  for (const stub of stubs) {
    const source = stateBox(svg, stub.getAttribute('data-source') ?? '');
    for (const target of (stub.getAttribute('data-target') ?? '').split(' ')) {
      const to = stateBox(svg, target);
      if (!source || !to) continue;
      // From the source's bottom to the target's, bowing below both: it reads as "back round to there".
      const [sx, sy, tx, ty] = [source.x + source.width / 2, source.y + source.height, to.x + to.width / 2, to.y + to.height];
      const bow = Math.max(sy, ty) + 40 + Math.abs(sx - tx) / 8;
      const path = document.createElementNS(svgNamespace, 'path');
      path.setAttribute('class', 'return-route');
      path.setAttribute('d', `M${sx},${sy} C${sx},${bow} ${tx},${bow} ${tx},${ty}`);
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', '#f08c00');
      path.setAttribute('stroke-width', '2.5');
      path.setAttribute('stroke-dasharray', '6 4');
      path.setAttribute('pointer-events', 'none');
      path.setAttribute('marker-end', 'url(#arrow-event)');
      svg.appendChild(path);
      shown++;
    }
  }
  return shown;
}
