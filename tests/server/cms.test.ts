// CMS: the tenant's CMS modules (moduleCms) and the content their urls serve (server/modules/cms/routes.ts):
// the authorization header the module's auth_method names is required and checked, content is the host's
// tenant's only, in the asked language with en where an entry lacks it. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cmsEntries, cmsEntryTexts, cmsModules, tenantModules, tenants } from '../../server/db/schema';
import { seedCmsDemo } from '../../server/modules/cms/demo-data';
import { startServer } from './harness';
import { graphqlAs, listen } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let http: Awaited<ReturnType<typeof listen>>;
let demoUuid: string;
let acmeId: number;

interface ModuleAnswer {
  id: string;
  name: string;
  name_translations: Record<string, string> | null;
  url: string;
  template_name: string;
  auth_method: string;
  token: string | null;
}
let modules: Record<'news' | 'education' | 'documents' | 'help' | 'banners', ModuleAnswer>;

const get = (path: string, headers: Record<string, string> = {}, host = 'localhost') => http.send(path, { headers: { host, ...headers } });
const json = (body: string) => JSON.parse(body) as any;

beforeAll(async () => {
  server = await startServer();
  http = await listen(server.db);
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'localhost'));
  const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
  demoUuid = demo!.uuid;
  acmeId = acme!.id;
  const answer = await graphqlAs(server.db)(
    `query ($w: ID!) { moduleCms(whitelabel_uuid: $w) { id name name_translations url template_name auth_method token } }`,
    { w: demoUuid },
  );
  modules = Object.fromEntries((answer.data.moduleCms as ModuleAnswer[]).map((module) => [module.template_name, module])) as typeof modules;
});
afterAll(async () => {
  await http?.close();
  await server?.close();
});

describe('moduleCms', () => {
  it('lists the demo tenant five modules with the url, auth_method and token the pages need', () => {
    expect(Object.keys(modules)).toEqual(['news', 'education', 'documents', 'help', 'banners']);
    expect(modules.news).toMatchObject({ name: 'News', url: '/cms/news', auth_method: 'bearer' });
    expect(modules.documents).toMatchObject({ url: '/cms/documents', auth_method: 'basic' });
    expect(modules.help).toMatchObject({ url: '/cms/help', auth_method: 'token' });
    expect(modules.news.token).toMatch(/\S{8,}/);
  });

  it("carries each module's name in the tenant's other languages for the menu (issue 33)", () => {
    expect(modules.news.name_translations).toEqual({ uk: 'Новини', ru: 'Новости', es: 'Noticias' });
    for (const module of Object.values(modules)) expect(Object.keys(module.name_translations ?? {}).sort()).toEqual(['es', 'ru', 'uk']);
  });

  it('is bound to the portal host: the demo uuid through the acme host is refused', async () => {
    const answer = await graphqlAs(server.db, { host: 'acme.localhost' })(`query ($w: ID!) { moduleCms(whitelabel_uuid: $w) { id } }`, { w: demoUuid });
    expect(answer.errors?.[0]?.extensions?.reason).toBe('TenantMismatch');
  });
});

describe('GET {url}: the authorization header', () => {
  it('is required: without it the answer is 401 with the scheme to use, and no content', async () => {
    const answer = await get('/cms/news');
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    expect(json(answer.body)).toEqual({ error: 'unauthorized' });
  });

  it('is checked: a wrong token, another module token or the wrong scheme is refused', async () => {
    const { news, education, documents } = modules;
    for (const authorization of [`Bearer ${news.token}x`, `Bearer ${education.token}`, `Token ${news.token}`, `Basic ${news.token}`, String(news.token)]) {
      expect((await get('/cms/news', { authorization })).status, authorization).toBe(401);
    }
    expect((await get('/cms/documents', { authorization: `Bearer ${documents.token}` })).status).toBe(401);
    expect(await get('/cms/documents')).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Basic' } });
  });

  it('built from auth_method and token opens each module: Bearer, Basic and Token', async () => {
    const { news, documents, help } = modules;
    expect((await get('/cms/news', { authorization: `Bearer ${news.token}` })).status).toBe(200);
    expect((await get('/cms/documents', { authorization: `Basic ${documents.token}` })).status).toBe(200);
    expect(Buffer.from(String(documents.token), 'base64').toString()).toContain(':');
    const helpAnswer = await get('/cms/help', { authorization: `Token ${help.token}` });
    expect(helpAnswer.status).toBe(200);
    expect(helpAnswer.headers['cache-control']).toBe('no-store');
  });

  it('answers only GET: a POST is 405', async () => {
    const answer = await http.send('/cms/news', { method: 'POST', headers: { host: 'localhost', authorization: `Bearer ${modules.news.token}` } });
    expect(answer.status).toBe(405);
  });
});

describe('GET {url}: the content', () => {
  const bearer = () => ({ authorization: `Bearer ${modules.news.token}` });

  it('lists the entries in the documented shape, in the asked language, en for an unknown one', async () => {
    const en = json((await get('/cms/news?lang=en', bearer())).body);
    expect(en.module).toEqual({ id: modules.news.id, name: 'News', template_name: 'news' });
    expect(en.lang).toBe('en');
    expect(en.items).toHaveLength(3);
    expect(en.items[0]).toEqual({
      id: expect.any(String),
      lang: 'en',
      title: 'The new member portal is live',
      summary: expect.any(String),
      image: '/media/products/portfolio-tracker.svg',
      link: null,
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(en.items[0]).not.toHaveProperty('body_html');
    const titles = async (lang: string) => json((await get(`/cms/news?lang=${lang}`, bearer())).body).items.map((item: { title: string }) => item.title);
    expect((await titles('uk'))[0]).toBe('Новий кабінет учасника вже працює');
    expect((await titles('ru'))[0]).toBe('Новый кабинет участника уже работает');
    expect((await titles('es'))[0]).toBe('El nuevo portal de miembros ya está disponible');
    expect(await titles('xx')).toEqual(await titles('en'));
    expect(json((await get('/cms/news', bearer())).body).lang).toBe('en');
  });

  it('gives an entry with its body as written (the script entry keeps its markup: the portal sanitises it)', async () => {
    const list = json((await get('/cms/news?lang=es', bearer())).body);
    const entry = list.items.find((item: { title: string }) => item.title.startsWith('Aviso de seguridad'));
    const answer = await get(`/cms/news/${entry.id}?lang=es`, bearer());
    expect(answer.status).toBe(200);
    const { item } = json(answer.body);
    expect(item).toMatchObject({ id: entry.id, lang: 'es', title: entry.title });
    expect(item.body_html).toContain('<script>');
    expect(item.body_html).toContain('onerror=');
    expect(item.body_html).toContain('Estás leyendo este texto');
  });

  it('falls back to en for an entry that lacks the language', async () => {
    const [entry] = await server.db.insert(cmsEntries).values({ moduleId: Number(modules.help.id), sortOrder: 99 }).returning();
    await server.db.insert(cmsEntryTexts).values({ entryId: entry!.id, lang: 'en', title: 'Only in English', bodyHtml: '<p>English</p>' });
    const auth = { authorization: `Token ${modules.help.token}` };
    const item = json((await get(`/cms/help/${entry!.id}?lang=ru`, auth)).body).item;
    expect(item).toMatchObject({ lang: 'en', title: 'Only in English', summary: '' });
    const list = json((await get('/cms/help?lang=ru', auth)).body);
    expect(list.items.at(-1)).toMatchObject({ lang: 'en', title: 'Only in English' });
    expect(list.items[0].lang).toBe('ru');
  });

  it('answers 404 for an unknown entry, another module entry, or an unknown module', async () => {
    const other = json((await get('/cms/education', { authorization: `Bearer ${modules.education.token}` })).body).items[0];
    expect((await get(`/cms/news/${other.id}`, bearer())).status).toBe(404);
    expect((await get('/cms/news/999999', bearer())).status).toBe(404);
    expect(json((await get('/cms/nothing-here', bearer())).body)).toEqual({ error: 'not_found' });
  });
});

describe('per tenant', () => {
  it('serves a module only through its own tenant host, and each tenant its own content', async () => {
    // acme has no cms module: the demo url through its host is not found, even with the demo token.
    expect((await get('/cms/news', { authorization: `Bearer ${modules.news.token}` }, 'acme.localhost')).status).toBe(404);
    // With the module on and a news module of its own (same url), acme serves its content with its token.
    await server.db.insert(tenantModules).values({ tenantId: acmeId, module: 'cms', publicConfig: {}, customConfig: {} });
    await seedCmsDemo(server.db, acmeId, [
      {
        name: 'Acme news',
        key: 'news',
        template: 'news',
        icon: 'news',
        authMethod: 'bearer',
        token: 'acme-news-token-1',
        entries: [
          {
            daysAgo: 0,
            texts: {
              en: { title: 'Acme opens in Vienna', summary: '', body: '<p>Hello.</p>' },
              uk: { title: 'Acme відкривається у Відні', summary: '', body: '<p>Привіт.</p>' },
              ru: { title: 'Acme открывается в Вене', summary: '', body: '<p>Привет.</p>' },
              es: { title: 'Acme abre en Viena', summary: '', body: '<p>Hola.</p>' },
            },
          },
        ],
      },
    ]);
    const acme = (headers: Record<string, string>, lang = 'en') => get(`/cms/news?lang=${lang}`, headers, 'acme.localhost');
    expect((await acme({ authorization: `Bearer ${modules.news.token}` })).status).toBe(401);
    const answer = json((await acme({ authorization: 'Bearer acme-news-token-1' }, 'uk')).body);
    expect(answer.module.name).toBe('Acme news');
    expect(answer.items.map((item: { title: string }) => item.title)).toEqual(['Acme відкривається у Відні']);
    // ... and the demo host still serves the demo's, not acme's.
    const demo = json((await get('/cms/news', { authorization: `Bearer ${modules.news.token}` })).body);
    expect(demo.items).toHaveLength(3);
    expect((await get('/cms/news', { authorization: 'Bearer acme-news-token-1' })).status).toBe(401);
  });

  it('is not found while the tenant has the cms module off', async () => {
    await server.db.delete(tenantModules).where(and(eq(tenantModules.tenantId, acmeId), eq(tenantModules.module, 'cms')));
    expect((await get('/cms/news', { authorization: 'Bearer acme-news-token-1' }, 'acme.localhost')).status).toBe(404);
    const rows = await server.db.select().from(cmsModules).where(eq(cmsModules.tenantId, acmeId));
    expect(rows).toHaveLength(1);
  });
});
