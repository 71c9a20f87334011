// The tenant's brand assets the reference server hosts (issue 33): Acme's web font (Lora from @fontsource, 400
// to 700, Latin and Cyrillic, font-display swap) with long cache headers, the whiteLabel fields that tell the
// portal where its stylesheet and its tag manager's gtm.js are, the local gtm.js stand-in outside production,
// and a CSP that allows exactly the tag manager's origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './harness';
import { graphqlAs, listen, testConfig } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let http: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  server = await startServer();
  http = await listen(server.db);
});
afterAll(async () => {
  await http?.close();
  await server?.close();
});

const brandFields = `{ whiteLabel(source: SOURCE) { font_family font_stylesheet gtm_tag gtm_script_url } }`;

describe('the brand fields of whiteLabel', () => {
  it('names Acme’s hosted Lora stylesheet and its gtm.js at the configured tag manager', async () => {
    const atAcme = graphqlAs(server.db, { host: 'acme.localhost' });
    const answer = await atAcme(brandFields.replace('SOURCE', '"acme"'));
    expect(answer.data.whiteLabel).toEqual({
      font_family: 'Lora, "Lora Fallback", Georgia, serif',
      font_stylesheet: '/fonts/lora.css',
      gtm_tag: 'GTM-ACME001',
      gtm_script_url: '/tag-manager/gtm.js?id=GTM-ACME001',
    });
    const inProduction = graphqlAs(server.db, { host: 'acme.localhost' }, testConfig({ tagManagerUrl: 'https://www.googletagmanager.com' }));
    expect((await inProduction(brandFields.replace('SOURCE', '"acme"'))).data.whiteLabel.gtm_script_url).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ACME001',
    );
  });

  it('gives a tenant without a hosted font or a gtm_tag neither', async () => {
    const answer = await server.gql(brandFields.replace('SOURCE', '"localhost"'));
    expect(answer.data.whiteLabel).toMatchObject({ font_stylesheet: null, gtm_tag: null, gtm_script_url: null });
  });
});

describe('/fonts', () => {
  it('serves the @font-face stylesheet: weights 400 to 700, Latin and Cyrillic, swap, cached for a day', async () => {
    const sheet = await http.send('/fonts/lora.css');
    expect(sheet.status).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['cache-control']).toBe('public, max-age=86400');
    const faces = [...sheet.body.matchAll(/@font-face \{([^}]*)\}/g)].map((match) => match[1]!);
    const lora = faces.filter((face) => face.includes("font-family: 'Lora';"));
    expect(lora).toHaveLength(8);
    for (const face of lora) expect(face).toContain('font-display: swap;');
    expect(lora.map((face) => /font-weight: (\d+)/.exec(face)![1]).sort()).toEqual(['400', '400', '500', '500', '600', '600', '700', '700']);
    expect(lora.filter((face) => face.includes('U+0400-045F'))).toHaveLength(4);
    // The size-matched fallback the family names second.
    expect(faces.some((face) => face.includes("font-family: 'Lora Fallback';") && face.includes('size-adjust'))).toBe(true);
  });

  it('serves every file the stylesheet names as woff2, cached for a year and immutable', async () => {
    const sheet = await http.send('/fonts/lora.css');
    const files = [...sheet.body.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!);
    expect(files).toHaveLength(8);
    for (const file of files) {
      expect(file).toMatch(/^\/fonts\/lora\/5\.3\.0\/lora-(latin|cyrillic)-[4-7]00-normal\.woff2$/);
      const font = await http.send(file);
      expect(font.status).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(font.body.startsWith('wOF2')).toBe(true);
    }
  });

  it('answers 404 for a font it does not host, another version, and any other file of the package', async () => {
    for (const path of [
      '/fonts/georgia.css',
      '/fonts/lora/5.2.0/lora-latin-400-normal.woff2',
      '/fonts/lora/5.3.0/package.json',
      '/fonts/lora/5.3.0/..%2Fpackage.json',
      '/fonts/lora/5.3.0/other-latin-400-normal.woff2',
    ]) {
      expect((await http.send(path)).status, path).toBe(404);
    }
  });
});

describe('the tag manager', () => {
  it('serves the gtm.js stand-in outside production, and not in production', async () => {
    const standIn = await http.send('/tag-manager/gtm.js?id=GTM-ACME001');
    expect(standIn.status).toBe(200);
    expect(standIn.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(standIn.headers['x-content-type-options']).toBe('nosniff');
    const production = await listen(server.db, testConfig({ production: true, tagManagerUrl: 'https://www.googletagmanager.com' }));
    try {
      expect((await production.send('/tag-manager/gtm.js?id=GTM-ACME001')).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('lets pages load scripts from the tag manager’s origin only when it is another origin', async () => {
    const scriptSources = (policy: unknown) => String(policy).split('; ').find((part) => part.startsWith('script-src '));
    expect(scriptSources((await http.send('/login')).headers['content-security-policy'])).toBe(
      "script-src 'self' https://www.youtube.com https://player.vimeo.com",
    );
    const production = await listen(server.db, testConfig({ tagManagerUrl: 'https://www.googletagmanager.com' }));
    try {
      expect(scriptSources((await production.send('/login')).headers['content-security-policy'])).toBe(
        "script-src 'self' https://www.youtube.com https://player.vimeo.com https://www.googletagmanager.com",
      );
    } finally {
      await production.close();
    }
  });
});
