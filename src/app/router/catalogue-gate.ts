// The language catalogue comes in two parts (src/lib/catalogues.ts): the first holds the messages of the shell
// and the auth pages, the rest all others. The root route's beforeLoad (src/routes/__root.tsx) runs this on
// every navigation, the first load's included: a page outside the auth layout waits for the rest of the
// catalogue before it renders, so no page ever shows a message the catalogue has not loaded yet.
import { loadWholeCatalogue } from '../../lib/i18n';

/** Whether the matched routes need only the catalogue's first part: the root and the auth layout's pages. */
export const firstPartEnough = (routeIds: readonly string[]): boolean =>
  routeIds.every((id) => id === '__root__' || id === '/_auth' || id.startsWith('/_auth/'));

export function catalogueFor(routeIds: readonly string[]): Promise<void> | undefined {
  return firstPartEnough(routeIds) ? undefined : loadWholeCatalogue();
}
