// @vitest-environment jsdom
// The CMS pages with a stubbed content server: the GET carries the authorization header built from the
// module's auth_method and token (and the token appears nowhere else), lists open their entries, the script
// entry shows its text and runs nothing, and the loading, empty, not-found and failure states.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { activateLocale } from '../../src/lib/i18n';
import { QueryClient } from '@tanstack/react-query';
import { CmsListView } from '../../src/features/cms/cms-list-view';
import { CmsItemView } from '../../src/features/cms/cms-item-view';
import { CmsBannersWidget } from '../../src/features/cms/cms-banners-widget';
import { moduleCmsQueryOptions } from '../../src/api/shell';
import type { CmsModule } from '../../src/api/cms';
import { renderView, testTenant } from '../support/render';

const news: CmsModule = {
  id: '3',
  name: 'News',
  name_translations: { uk: 'Новини', ru: 'Новости', es: 'Noticias' },
  url: '/cms/news',
  icon: 'news',
  template_name: 'news',
  request_method: 'GET',
  auth_method: 'bearer',
  token: 'secret-token-1',
};
const documents: CmsModule = {
  ...news,
  id: '4',
  name: 'Documents',
  url: '/cms/documents',
  template_name: 'documents',
  auth_method: 'basic',
  token: 'cG9ydGFsOmRvY3M=',
};
const open: CmsModule = { ...news, id: '5', name: 'Open', name_translations: null, url: '/cms/open', auth_method: 'none', token: null };
const broken: CmsModule = { ...news, id: '6', name: 'Broken', url: '/cms/broken', auth_method: 'hmac', token: 'x' };

const hostile =
  '<p>Read this text.</p><script>window.__cmsScriptRan = "script"</script><img src="/missing.png" alt="" onerror="window.__cmsScriptRan = \'onerror\'"><a href="javascript:window.__cmsScriptRan=1">A link</a>';

type Reply = { status: number; body?: unknown } | 'offline';
const fetchMock = vi.fn<(url: URL, init: RequestInit) => Promise<Response>>();

function serve(replies: Record<string, Reply>) {
  fetchMock.mockImplementation(async (url) => {
    const reply = replies[url.pathname];
    if (!reply || reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function client(modules: CmsModule[] = [news, documents, open, broken]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(moduleCmsQueryOptions(testTenant.uuid).queryKey, { moduleCms: modules });
  return queryClient;
}

const listBody = {
  module: { id: '3', name: 'News', template_name: 'news' },
  lang: 'en',
  items: [
    {
      id: '11',
      lang: 'en',
      title: 'The new portal is live',
      summary: 'Faster.',
      image: null,
      link: null,
      published_at: '2026-11-20T09:00:00.000Z',
    },
    {
      id: '12',
      lang: 'en',
      title: 'Security notice',
      summary: 'A script.',
      image: null,
      link: 'javascript:alert(1)',
      published_at: null,
    },
    { id: '13', lang: 'en', title: 'A banner', summary: null, image: '/media/a.svg', link: '/affiliates', published_at: null },
    { id: '14', lang: 'en', title: 'Our tariffs', summary: null, image: null, link: '/tariffs?from=news', published_at: null },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  delete (window as { __cmsScriptRan?: unknown }).__cmsScriptRan;
});

describe('CMS list page', () => {
  it("names the page in the member's language where the tenant translated the module's name, else by its name (issue 33)", async () => {
    serve({ '/cms/news': { status: 200, body: listBody }, '/cms/open': { status: 200, body: listBody } });
    await activateLocale('uk');
    try {
      renderView(<CmsListView moduleId="3" />, { queryClient: client() });
      expect(await screen.findByRole('region', { name: 'Новини' })).toBeInTheDocument();
      cleanup();
      renderView(<CmsListView moduleId="5" />, { queryClient: client() });
      expect(await screen.findByRole('region', { name: 'Open' })).toBeInTheDocument();
    } finally {
      await activateLocale('en');
    }
  });


  it('GETs the module url with the Bearer header (the token nowhere in the url) and lists the entries with links', async () => {
    serve({ '/cms/news': { status: 200, body: listBody } });
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (url, init) => held.then(() => served(url, init)));
    renderView(<CmsListView moduleId="3" />, { queryClient: client() });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    answer();
    const list = await screen.findByRole('region', { name: 'News' });
    const entries = await within(list).findAllByTestId('cms-entry');
    expect(entries).toHaveLength(4);
    expect(within(entries[0]!).getByRole('link', { name: 'The new portal is live' })).toHaveAttribute('href', '/template/3/11');
    // A javascript: target is dropped; a portal path is kept, unless its module is off (the tenant has no tariffs).
    expect(within(entries[1]!).queryByRole('link', { name: 'Learn more' })).toBeNull();
    expect(within(entries[2]!).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/affiliates');
    expect(within(entries[3]!).queryByRole('link', { name: 'Learn more' })).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url.pathname).toBe('/cms/news');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.toString()).not.toContain('secret-token-1');
    expect(init).toMatchObject({ method: 'GET', credentials: 'omit', headers: { authorization: 'Bearer secret-token-1' } });
  });

  it('sends Basic for basic, and no header for none', async () => {
    serve({ '/cms/documents': { status: 200, body: { items: [] } }, '/cms/open': { status: 200, body: { items: [] } } });
    renderView(<CmsListView moduleId="4" />, { queryClient: client() });
    expect(await screen.findByTestId('cms-empty')).toHaveTextContent('Templates not found.');
    expect(fetchMock.mock.calls[0]![1].headers).toEqual({ accept: 'application/json', authorization: 'Basic cG9ydGFsOmRvY3M=' });
    renderView(<CmsListView moduleId="5" />, { queryClient: client() });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![1].headers).toEqual({ accept: 'application/json' });
  });

  it('says "Template not found." for a module the tenant does not have, without fetching', async () => {
    serve({});
    renderView(<CmsListView moduleId="99" />, { queryClient: client() });
    expect(await screen.findByTestId('cms-not-found')).toHaveTextContent('Template not found.');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers a retry when the content server cannot be reached, and loads on retry', async () => {
    serve({ '/cms/news': 'offline' });
    renderView(<CmsListView moduleId="3" />, { queryClient: client() });
    const alert = await screen.findByTestId('cms-error');
    expect(alert).toHaveTextContent('This page could not be loaded.');
    serve({ '/cms/news': { status: 200, body: listBody } });
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findAllByTestId('cms-entry')).toHaveLength(4);
  });

  it('explains a refused or misconfigured module without a useless retry', async () => {
    serve({ '/cms/news': { status: 401, body: { error: 'unauthorized' } } });
    renderView(<CmsListView moduleId="3" />, { queryClient: client() });
    expect(await screen.findByTestId('cms-error')).toHaveTextContent(
      "The content server did not accept this page's access settings.",
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // An auth_method the portal does not know: nothing is sent with a wrong header.
    renderView(<CmsListView moduleId="6" />, { queryClient: client() });
    await waitFor(() => expect(screen.getAllByTestId('cms-error')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats an answer of the wrong shape as a failure, not as content', async () => {
    serve({ '/cms/news': { status: 200, body: { items: [{ title: 42 }] } } });
    renderView(<CmsListView moduleId="3" />, { queryClient: client() });
    expect(await screen.findByTestId('cms-error')).toHaveTextContent('This page could not be loaded.');
  });
});

describe('CMS entry page', () => {
  it('GETs {url}/{itemId} and shows the sanitised body: the text stays, the script, handler and javascript: link go', async () => {
    serve({ '/cms/news/12': { status: 200, body: { item: { ...listBody.items[1], body_html: hostile } } } });
    const { container } = renderView(<CmsItemView moduleId="3" itemId="12" />, { queryClient: client() });
    const article = await screen.findByRole('article', { name: 'Security notice' });
    expect(article).toHaveTextContent('Read this text.');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(within(article).getByText('A link')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect((window as { __cmsScriptRan?: unknown }).__cmsScriptRan).toBeUndefined();
    expect(within(article).getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/template/3');
    expect(fetchMock.mock.calls[0]![0].pathname).toBe('/cms/news/12');
  });

  it("keeps the body's links to pages the tenant has, and shows a link to a module that is off as its text", async () => {
    const body =
      '<p>See <a href="/tariffs?from=news">our tariffs</a>, <a href="/affiliates">your team</a> and <a href="https://example.com/faq">the FAQ</a>.</p>';
    serve({ '/cms/news/11': { status: 200, body: { item: { ...listBody.items[0], body_html: body } } } });
    renderView(<CmsItemView moduleId="3" itemId="11" />, { queryClient: client() });
    const article = await screen.findByRole('article', { name: 'The new portal is live' });
    expect(article).toHaveTextContent('See our tariffs, your team and the FAQ.');
    expect(within(article).queryByRole('link', { name: 'our tariffs' })).toBeNull();
    expect(within(article).getByRole('link', { name: 'your team' })).toHaveAttribute('href', '/affiliates');
    expect(within(article).getByRole('link', { name: 'the FAQ' })).toHaveAttribute('href', 'https://example.com/faq');
  });

  it('says "Template not found." for an entry the server does not know, with the way back to the list', async () => {
    serve({ '/cms/news/404': { status: 404, body: { error: 'not_found' } } });
    renderView(<CmsItemView moduleId="3" itemId="404" />, { queryClient: client() });
    const notFound = await screen.findByTestId('cms-not-found');
    expect(notFound).toHaveTextContent('Template not found.');
    expect(within(notFound).getByRole('link', { name: 'Back to News' })).toBeInTheDocument();
  });

  it('offers a retry when the entry cannot be loaded', async () => {
    serve({ '/cms/news/12': { status: 500 } });
    renderView(<CmsItemView moduleId="3" itemId="12" />, { queryClient: client() });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('dashboard CMS banners widget', () => {
  const banners: CmsModule = {
    ...news,
    id: '7',
    name: 'Banners',
    url: '/cms/banners',
    template_name: 'banners',
    token: 'banner-token',
  };
  const bannerItems = (count: number) => ({
    items: Array.from({ length: count }, (_, index) => ({
      id: String(40 + index),
      title: `Offer ${index + 1}`,
      summary: index === 0 ? 'Pay only the difference.' : null,
      image: '/media/a.svg',
      link: ['/affiliates', 'javascript:alert(1)', '/tariffs'][index] ?? null,
      published_at: null,
    })),
  });

  it("shows the banners module's first three entries with their pages, safe links to pages that exist and a way to all of them", async () => {
    serve({ '/cms/banners': { status: 200, body: bannerItems(4) } });
    renderView(<CmsBannersWidget />, { queryClient: client([news, banners]) });
    const widget = await screen.findByRole('region', { name: 'News and offers' });
    const shown = await within(widget).findAllByTestId('dashboard-banner');
    expect(shown).toHaveLength(3);
    expect(within(shown[0]!).getByRole('link', { name: 'Offer 1' })).toHaveAttribute('href', '/template/7/40');
    expect(within(shown[0]!).getByText('Pay only the difference.')).toBeInTheDocument();
    expect(within(shown[0]!).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/affiliates');
    // A javascript: target is dropped, and so is a page whose module the tenant has off (here tariffs: a 404).
    expect(within(shown[1]!).queryByRole('link', { name: 'Learn more' })).toBeNull();
    expect(within(shown[2]!).queryByRole('link', { name: 'Learn more' })).toBeNull();
    expect(within(widget).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/template/7');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ headers: { authorization: 'Bearer banner-token' } });
  });

  it('says so when the tenant has no banners module or the module is empty, with no request for a missing module', async () => {
    serve({ '/cms/banners': { status: 200, body: bannerItems(0) } });
    const { unmount } = renderView(<CmsBannersWidget />, { queryClient: client([news]) });
    expect(await screen.findByTestId('dashboard-banners-empty')).toHaveTextContent('No news or offers right now.');
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    renderView(<CmsBannersWidget />, { queryClient: client([banners]) });
    expect(await screen.findByTestId('dashboard-banners-empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See all' })).toBeNull();
  });

  it('shows its loading state, then a failure with a retry that loads the banners', async () => {
    serve({ '/cms/banners': 'offline' });
    renderView(<CmsBannersWidget />, { queryClient: client([banners]) });
    expect(await screen.findByRole('status', { name: 'Loading banners…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The banners could not be loaded.');
    serve({ '/cms/banners': { status: 200, body: bannerItems(1) } });
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findAllByTestId('dashboard-banner')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
