import { describe, expect, it, vi } from 'vitest';
import { sendEarly, takeEarly } from '../../src/api/early-requests';
import { createApi } from '../../src/api/client';
import { sendEarlyStoreRequests } from '../../src/app/store-request';
import type { SendDocument } from '../../src/app/tenant-request';
import { ProductCategoriesDocument, ProductsDocument } from '../../src/api/generated/graphql';

const whiteLabel = (modules: string[]) => ({ uuid: 'wl-1', modules: modules.map((module) => ({ module })) }) as never;

describe('early requests: the boot script asks, the app\'s client takes the answer once', () => {
  it('takes only the very same request (variables in any key order), once', async () => {
    const send = vi.fn(async () => ({ moduleProducts: [] }));
    sendEarly(send, ProductsDocument, { whitelabel_uuid: 'a', search: null, category_id: null, sort_order: null });
    expect(takeEarly(ProductsDocument, { whitelabel_uuid: 'b', search: null, category_id: null, sort_order: null })).toBeNull();
    const answer = takeEarly(ProductsDocument, { sort_order: null, category_id: null, search: null, whitelabel_uuid: 'a' });
    await expect(answer).resolves.toEqual({ moduleProducts: [] });
    expect(takeEarly(ProductsDocument, { whitelabel_uuid: 'a', search: null, category_id: null, sort_order: null })).toBeNull();
  });

  it('leaves an answer older than 30 s (a later visit asks afresh)', () => {
    sendEarly(async () => ({}), ProductCategoriesDocument, { whitelabel_uuid: 'a' }, 1_000);
    expect(takeEarly(ProductCategoriesDocument, { whitelabel_uuid: 'a' }, 31_001)).toBeNull();
  });

  it('the client asks again itself when the early answer failed', async () => {
    sendEarly(async () => Promise.reject(new Error('boot: HTTP 502')), ProductCategoriesDocument, { whitelabel_uuid: 'x' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { moduleProductCategories: [] } }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const api = createApi('http://localhost/graphql', () => null);
      await expect(api.request(ProductCategoriesDocument, { whitelabel_uuid: 'x' })).resolves.toEqual({ moduleProductCategories: [] });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the client answers from the early request without a second one', async () => {
    sendEarly(async () => ({ moduleProductCategories: [{ id: '1' }] }), ProductCategoriesDocument, { whitelabel_uuid: 'y' });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    try {
      const api = createApi('http://localhost/graphql', () => null);
      await expect(api.request(ProductCategoriesDocument, { whitelabel_uuid: 'y' })).resolves.toEqual({ moduleProductCategories: [{ id: '1' }] });
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the public store\'s first page is asked for early', () => {
  it.each([
    ['/store', '', true],
    ['/store/', '?products=p1', true],
    ['/store', '?search=bot', false],
    ['/store', '?category=2', false],
    ['/store', '?sort=price_asc', false],
    ['/store/product/1', '', false],
    ['/login', '', false],
  ])('%s%s → %s', (pathname, search, sent) => {
    const send = vi.fn(async () => ({}) as never);
    sendEarlyStoreRequests(send as SendDocument, whiteLabel(['products']), { pathname, search });
    expect(send).toHaveBeenCalledTimes(sent ? 2 : 0);
    if (sent) {
      expect(send).toHaveBeenCalledWith(ProductsDocument, { whitelabel_uuid: 'wl-1', search: null, category_id: null, sort_order: null });
      expect(send).toHaveBeenCalledWith(ProductCategoriesDocument, { whitelabel_uuid: 'wl-1' });
    }
    takeEarly(ProductsDocument, { whitelabel_uuid: 'wl-1', search: null, category_id: null, sort_order: null });
    takeEarly(ProductCategoriesDocument, { whitelabel_uuid: 'wl-1' });
  });

  it('not without the products module', () => {
    const send = vi.fn(async () => ({}) as never);
    sendEarlyStoreRequests(send as SendDocument, whiteLabel([]), { pathname: '/store', search: '' });
    expect(send).not.toHaveBeenCalled();
  });
});
