// Shell: provider settings (whiteLabel), module custom config and CMS modules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './harness';
import { graphqlAs } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
});
afterAll(() => server?.close());

describe('provider settings', () => {
  it('answers by host source and by uuid, with modules and design, on the tenant’s own address', async () => {
    const atAcme = graphqlAs(server.db, { host: 'acme.localhost', origin: 'http://acme.localhost' });
    const bySource = await atAcme(`{ whiteLabel(source: "acme") { uuid name modules { module } design { light_theme_primary } } }`);
    expect(bySource.data.whiteLabel).toMatchObject({
      name: 'Acme Invest',
      modules: [{ module: 'products' }, { module: 'lms' }, { module: 'roadmap' }, { module: 'invest_plans' }],
      design: { light_theme_primary: '#b4380b' },
    });
    const byUuid = await atAcme(`query ($uuid: ID) { whiteLabel(uuid: $uuid) { name } }`, { uuid: bySource.data.whiteLabel.uuid });
    expect(byUuid.data.whiteLabel.name).toBe('Acme Invest');
  });

  it('answers only about the host’s tenant: another tenant’s source or uuid is TenantMismatch', async () => {
    const acmeUuid = (await graphqlAs(server.db, { host: 'acme.localhost' })(`{ whiteLabel(source: "acme") { uuid } }`)).data.whiteLabel.uuid;
    for (const answer of [
      await server.gql(`{ whiteLabel(source: "acme") { name } }`),
      await server.gql(`query ($uuid: ID) { whiteLabel(uuid: $uuid) { name } }`, { uuid: acmeUuid }),
    ]) {
      expect(answer.errors?.[0]?.extensions).toMatchObject({ category: 'forbidden', reason: 'TenantMismatch' });
      expect(answer.data?.whiteLabel ?? null).toBeNull();
    }
  });

  it('answers null for a host no tenant serves, and a validation error without source or uuid', async () => {
    expect((await server.gql(`{ whiteLabel(source: "nobody") { name } }`)).data.whiteLabel).toBeNull();
    const neither = await server.gql(`{ whiteLabel { name } }`);
    expect(neither.errors?.[0]?.extensions).toMatchObject({ category: 'validation', fields: { source: expect.any(Array) } });
  });

  it('gives the product module custom config and the CMS modules', async () => {
    const answer = await server.gql(
      `query ($uuid: ID!) { moduleCustomConfig(whitelabel_uuid: $uuid, module: "products") { custom_config } moduleCms(whitelabel_uuid: $uuid) { name } }`,
      { uuid: demoUuid },
    );
    expect(answer.data.moduleCustomConfig.custom_config).toMatchObject({ view_template: 'products' });
    expect(answer.data.moduleCms.map((m: { name: string }) => m.name)).toEqual(['News', 'Education', 'Documents', 'Help', 'Banners']);
  });
});
