// Module routes answer 404 when the tenant has the module off (DESIGN §4 "requireModule").
import { describe, expect, it } from 'vitest';
import { isNotFound } from '@tanstack/react-router';
import { requireModule } from '../../src/app/router/route-guard';
import type { TenantConfig } from '../../src/lib/tenant';

const tenant = (modules: string[], productConfig: TenantConfig['productConfig'] = null) =>
  ({ uuid: 'u', productConfig, whiteLabel: { modules: modules.map((module) => ({ module })) } }) as unknown as TenantConfig;

const thrown = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return error;
  }
};

describe('requireModule', () => {
  it('passes when the module is on', () => {
    expect(thrown(() => requireModule({ tenant: tenant(['lms']) }, 'learning'))).toBeNull();
  });

  it('answers not found when it is off', () => {
    expect(isNotFound(thrown(() => requireModule({ tenant: tenant(['roadmap']) }, 'learning')))).toBe(true);
  });

  it('the public store needs the products module open to visitors', () => {
    const config = { view_template: 'products', tariffs_view: null, product_type_description: 'franchise', allow_public_access: false, description: null } as const;
    expect(isNotFound(thrown(() => requireModule({ tenant: tenant(['products'], config) }, 'store')))).toBe(true);
    expect(thrown(() => requireModule({ tenant: tenant(['products'], { ...config, allow_public_access: true }) }, 'store'))).toBeNull();
  });
});
