// What a route declares about itself (staticData): its translated title, for the page header, the
// document title and the mobile header.
import type { MessageDescriptor } from '@lingui/core';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: MessageDescriptor;
    /** The title when the tenant presents tariffs as investments (spec §2: read as the investments label). */
    titleInInvestmentMode?: MessageDescriptor;
  }
}

export {};
