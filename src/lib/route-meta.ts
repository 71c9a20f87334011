// What a route declares about itself (staticData): its translated title, for the page header, the
// document title and the mobile header. A page whose name is data (a CMS page is named by its module) has its
// loader return it as NamedPageData, which wins over the static title.
import type { MessageDescriptor } from '@lingui/core';

/** What the loader of a page named by data returns: the name, or null while there is none (a missing module). */
export interface NamedPageData {
  pageName: string | null;
}

/** The page name a match's loader gave, if it gave one. */
export function loaderPageName(loaderData: unknown): string | null {
  const name = (loaderData as Partial<NamedPageData> | undefined)?.pageName;
  return typeof name === 'string' && name !== '' ? name : null;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: MessageDescriptor;
    /** The title when the tenant presents tariffs as investments (spec §2: read as the investments label). */
    titleInInvestmentMode?: MessageDescriptor;
  }
}

