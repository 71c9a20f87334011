// The boot script's first documents named in the page (a Vite plugin; vite.config.ts lists it).
import type { Plugin } from 'vite';
import { ModuleCustomConfigDocument, ProductCategoriesDocument, ProductsDocument, WhiteLabelDocument } from '../../src/api/generated/graphql';

/**
 * The boot script's first requests, the tenant's settings (src/app/boot/tenant-request.ts) and on the public
 * store's first page its products and categories (src/app/boot/store-request.ts), named in the page as
 * JSON: a server that can answers them in the page it serves (the reference server does, server/page.ts),
 * and the boot script then takes those answers instead of waiting a round trip for each
 * (src/api/page-answers.ts). The documents are the app's own, so the answers have the very shape it asks for.
 */
export function tenantDocuments(): Plugin {
  return {
    name: 'tenant-documents',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'script',
        attrs: { type: 'application/json', id: 'tenant-documents' },
        children: JSON.stringify({
          whiteLabel: WhiteLabelDocument.toString(),
          productsConfig: ModuleCustomConfigDocument.toString(),
          // On the store's first page only (src/boot-protocol/store-first-page.ts).
          products: ProductsDocument.toString(),
          productCategories: ProductCategoriesDocument.toString(),
        }).replaceAll('<', '\\u003c'),
        injectTo: 'body' as const,
      },
    ],
  };
}
