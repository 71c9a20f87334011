// The public store's first page: /store without a search, category or sort. The boot script asks for its
// products and categories before the app's code has arrived (src/app/boot/store-request.ts), and the reference
// server answers them in the page it serves (server/page.ts); both by this rule and with these variables,
// the very ones the store's route sends for that page (src/api/shop.ts), so the app takes those answers.

/** Whether an address (path and query string) is the store's first page. */
export function isStoreFirstPage(pathname: string, search: string): boolean {
  if (!/^\/store\/?$/.test(pathname)) return false;
  const params = new URLSearchParams(search);
  return !['search', 'category', 'sort'].some((name) => params.has(name));
}

export const storeFirstPageVariables = (whitelabel_uuid: string) => ({
  products: { whitelabel_uuid, search: null, category_id: null, sort_order: null },
  categories: { whitelabel_uuid },
});
