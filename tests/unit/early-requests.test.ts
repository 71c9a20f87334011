// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { sendEarly, takeEarly } from '../../src/api/early-requests';
import { createApi } from '../../src/api/client';
import { sendEarlyStoreRequests } from '../../src/app/boot/store-request';
import type { SendDocument } from '../../src/app/boot/tenant-request';
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

describe('the static shell shows the store\'s first row from the early answer', () => {
  const product = (id: string, name: string) => ({ id, name, bg_color: '#eef', image: null, images: [{ id: 'i1', url: `/media/${id}.svg` }], default_image_id: 'i1' });
  const shellWith = (layout: string) => {
    document.body.innerHTML = `<div id="boot-shell" data-layout="${layout}"><div class="bs-app"><div class="bs-page"><span class="bs-bone bs-heading"></span><span class="bs-bone bs-block"></span></div></div></div>`;
  };

  it('paints up to four cards: links to the product pages, the lead image fetched at once, the names as text', async () => {
    const { paintBootProducts } = await import('../../src/app/boot/boot-shell');
    shellWith('visitor');
    // jsdom decodes no images: each decode waits until the test lets it finish (the second one fails).
    const decodes: { finish: () => void; fail: () => void }[] = [];
    const decode = vi.fn(
      () => new Promise<void>((resolve, reject) => decodes.push({ finish: resolve, fail: () => reject(new Error('broken image')) })),
    );
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: decode, configurable: true });
    let shown = false;
    void paintBootProducts(['1', '2', '3', '4', '5'].map((id) => product(id, id === '1' ? '<b>One</b>' : `Product ${id}`))).then(() => {
      shown = true;
    });
    const cards = [...document.querySelectorAll<HTMLAnchorElement>('#boot-shell .bs-product')];
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/store/product/1', '/store/product/2', '/store/product/3', '/store/product/4']);
    expect(cards[0]!.querySelector('.bs-product-name')!.textContent).toBe('<b>One</b>');
    expect(cards[0]!.querySelector('b')).toBeNull();
    expect(cards[0]!.querySelector('img')!.getAttribute('src')).toBe('/media/1.svg');
    expect(cards[0]!.querySelector('img')!.getAttribute('fetchpriority')).toBe('high');
    expect(document.querySelector('#boot-shell .bs-block')).toBeNull();
    // Painted once every image has loaded and decoded or failed: the app's code waits for that (src/boot.ts).
    expect(decode).toHaveBeenCalledTimes(4);
    decodes.slice(0, 3).forEach((image, index) => (index === 1 ? image.fail() : image.finish()));
    await Promise.resolve();
    await Promise.resolve();
    expect(shown).toBe(false);
    decodes[3]!.finish();
    await vi.waitFor(() => expect(shown).toBe(true));
    delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
  });

  it('paints nothing in another layout or without products', async () => {
    const { paintBootProducts } = await import('../../src/app/boot/boot-shell');
    shellWith('auth');
    paintBootProducts([product('1', 'One')]);
    expect(document.querySelector('.bs-product')).toBeNull();
    shellWith('visitor');
    await paintBootProducts([]);
    expect(document.querySelector('.bs-block')).not.toBeNull();
  });
});
