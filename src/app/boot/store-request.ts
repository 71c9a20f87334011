// The public store's first page (/store without a search, category or sort) shows the products and categories
// the route's loader asks for; the boot script asks for them as soon as the tenant's uuid is known, while the
// app's code is still on its way, with the very variables src/api/shop.ts sends for that page, and the app's
// client takes those answers (src/api/early-requests.ts). Without this the products went out only once the
// app had started, and Lighthouse's largest paint (a product image) waited seconds behind them. The reference
// server answers them in the page it serves (server/page.ts); `send` then takes those, with no round trip.
// The documents themselves rather than src/api/shop.ts, whose query options would bring TanStack Query into
// the boot script.
import { ProductCategoriesDocument, ProductsDocument, type ProductsQuery } from '../../api/generated/graphql';
import { sendEarly } from '../../api/early-requests';
import { hasModule, type WhiteLabel } from '../../lib/tenant';
import { isStoreFirstPage, storeFirstPageVariables } from '../../boot-protocol/store-first-page';
import type { SendDocument } from './tenant-request';

/** Sends them; answers the products' answer (the boot shell paints the first row from it), or null. */
export function sendEarlyStoreRequests(
  send: SendDocument,
  whiteLabel: WhiteLabel,
  location: { pathname: string; search: string },
): Promise<ProductsQuery> | null {
  if (!isStoreFirstPage(location.pathname, location.search) || !hasModule(whiteLabel, 'products')) return null;
  const variables = storeFirstPageVariables(whiteLabel.uuid);
  const products = sendEarly(send, ProductsDocument, variables.products);
  sendEarly(send, ProductCategoriesDocument, variables.categories);
  return products as Promise<ProductsQuery>;
}
