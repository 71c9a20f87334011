// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WhiteLabelDocument, ModuleCustomConfigDocument } from '../../src/api/generated/graphql';

const whiteLabel = { whiteLabel: { uuid: 'u-1', name: 'Demo Portal' } };
const productsConfig = { moduleCustomConfig: { custom_config: '{}' } };

/** The page as the server wrote it, and the module read afresh (it reads the page once). */
async function pageWith(answers: string | null) {
  document.body.innerHTML = answers === null ? '' : `<script type="application/json" id="page-answers">${answers}</script>`;
  vi.resetModules();
  return (await import('../../src/api/page-answers')).takePageAnswer;
}

describe("the boot script takes the tenant's settings the server answered in the page", () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('for the same operation and variables, once each', async () => {
    const take = await pageWith(
      JSON.stringify([
        { operation: 'WhiteLabel', variables: { source: 'localhost' }, data: whiteLabel },
        { operation: 'ModuleCustomConfig', variables: { whitelabel_uuid: 'u-1', module: 'products' }, data: productsConfig },
      ]),
    );
    // Variables in another order are the same variables.
    expect(take(ModuleCustomConfigDocument.toString(), { module: 'products', whitelabel_uuid: 'u-1' })).toEqual(productsConfig);
    expect(take(WhiteLabelDocument.toString(), { source: 'localhost' })).toEqual(whiteLabel);
    // A retry asks the server.
    expect(take(WhiteLabelDocument.toString(), { source: 'localhost' })).toBeUndefined();
  });

  it('not for other variables (a host source the server read differently) or another operation', async () => {
    const take = await pageWith(
      JSON.stringify([{ operation: 'WhiteLabel', variables: { source: 'localhost' }, data: whiteLabel }]),
    );
    expect(take(WhiteLabelDocument.toString(), { source: 'acme' })).toBeUndefined();
    expect(take(WhiteLabelDocument.toString(), { source: 'localhost', uuid: 'u-1' })).toBeUndefined();
    expect(take(ModuleCustomConfigDocument.toString(), { source: 'localhost' })).toBeUndefined();
    expect(take(WhiteLabelDocument.toString(), { source: 'localhost' })).toEqual(whiteLabel);
  });

  it('nothing from a page without answers, with broken JSON or with entries of another shape', async () => {
    expect((await pageWith(null))(WhiteLabelDocument.toString(), { source: 'localhost' })).toBeUndefined();
    expect((await pageWith('[{"operation":'))(WhiteLabelDocument.toString(), { source: 'localhost' })).toBeUndefined();
    const odd = await pageWith(
      JSON.stringify([{ operation: 'WhiteLabel', variables: { source: 'localhost' } }, { query: 'x' }, 'WhiteLabel']),
    );
    expect(odd(WhiteLabelDocument.toString(), { source: 'localhost' })).toBeUndefined();
  });
});
