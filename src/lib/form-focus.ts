// A refused submit must answer where the member is looking: the first field with an error takes the focus
// (and scrolls into view), so on a phone a Save that found a mistake above the fold does not look dead.
export function focusFirstError(errors: Record<string, unknown>, inputNode: (path: string) => HTMLElement | null): void {
  const first = Object.keys(errors).find((path) => errors[path]);
  const node = first ? inputNode(first) : null;
  node?.focus();
  node?.scrollIntoView({ block: 'center' });
}
