// The Tidio loader behind /chat/tidio/<id>.js (issue 33): the stand-in outside production, a redirect to
// Tidio's real loader in production, whose origin the page's CSP allows as a script source (and nothing else).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPortalServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
const started: Server[] = [];

async function listen(env: NodeJS.ProcessEnv): Promise<string> {
  const http = createPortalServer(server.db, { ...readConfig(env), staticDir: undefined });
  started.push(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(started.map((http) => new Promise((resolve) => http.close(resolve))));
  await server.close();
});

describe('chat loader', () => {
  it('serves the stand-in outside production, with the API the portal calls', async () => {
    const base = await listen({});
    const answer = await fetch(`${base}/chat/tidio/acme-tidio-demo.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    const script = await answer.text();
    expect(script).toContain('window.tidioChatApi');
    expect(script).toContain('"acme-tidio-demo"');
  });

  it('refuses an id that is not one', async () => {
    const base = await listen({});
    expect((await fetch(`${base}/chat/tidio/a%22b.js`)).status).toBe(404);
    expect((await fetch(`${base}/chat/tidio/x/y.js`)).status).toBe(404);
  });

  it("redirects to Tidio's loader when one is configured, and the page's CSP allows exactly its origin", async () => {
    const base = await listen({ TIDIO_LOADER_URL: 'https://code.tidio.co' });
    const answer = await fetch(`${base}/chat/tidio/acme-tidio-demo.js`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://code.tidio.co/acme-tidio-demo.js');
    const policy = (await fetch(`${base}/gateways/none`)).headers.get('content-security-policy') ?? '';
    const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src'))?.trim().split(' ');
    expect(scriptSources).toEqual(['script-src', "'self'", 'https://www.youtube.com', 'https://player.vimeo.com', 'https://code.tidio.co']);
    expect(readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' }).tidioLoaderUrl).toBe('https://code.tidio.co');
  });

  it('allows no other script source when the stand-in serves the chat', async () => {
    const base = await listen({});
    const policy = (await fetch(`${base}/gateways/none`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' https://www.youtube.com https://player.vimeo.com;");
  });
});
