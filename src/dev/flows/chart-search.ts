// Search over a chart: a state matches by its path or description, an edge by its event, technical label
// or words. Matches get the class is-match; the chart dims the rest while a query is typed.
export function markMatches(root: Element, query: string): number {
  const needle = query.trim().toLowerCase();
  let count = 0;
  root.querySelectorAll<SVGGElement>('g.state, g.edge').forEach((node) => {
    const haystack = [
      node.dataset.stateId,
      node.getAttribute('aria-label'),
      node.dataset.event,
      node.dataset.label,
      node.querySelector('title')?.textContent,
      ...[...node.querySelectorAll(':scope > text')].map((text) => text.textContent),
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    const match = needle !== '' && haystack.includes(needle);
    node.classList.toggle('is-match', match);
    if (match) count++;
  });
  return count;
}
