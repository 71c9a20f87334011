// Which module a portal path needs (src/lib/module-paths.ts): the rule data links are checked with, held to
// the routes' own requireModule guards, so a link is hidden exactly when following it would answer 404.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPathOn, moduleOfPath } from '../../src/lib/module-paths';
import type { TenantFeatures } from '../../src/lib/tenant';
import { sourceFiles } from '../support/import-graph';

const none: TenantFeatures = {
  products: false,
  productsModule: false,
  store: false,
  tariffs: false,
  investmentMode: false,
  deals: false,
  learning: false,
  license: false,
  investPlans: false,
  roadmap: false,
  crowdfunding: false,
  lottery: false,
  copyTrading: false,
  staking: false,
  merchants: false,
  cms: false,
};

describe('isPathOn', () => {
  it('a page of a module that is off is not there, with or without its search and hash', () => {
    expect(isPathOn('/tariffs', none)).toBe(false);
    expect(isPathOn('/tariffs?period=monthly#top', none)).toBe(false);
    expect(isPathOn('/my-courses', none)).toBe(false);
    expect(isPathOn('/template/3/12', none)).toBe(false);
  });

  it('is there when its module is on', () => {
    expect(isPathOn('/tariffs', { ...none, tariffs: true })).toBe(true);
    expect(isPathOn('/course/1/2', { ...none, learning: true })).toBe(true);
  });

  it('pages no module owns are always there', () => {
    for (const path of ['/', '/dashboard', '/dashboard?upgrade=true', '/balance', '/affiliates', '/invoices', '/subscriptions'])
      expect(isPathOn(path, none), path).toBe(true);
  });
});

describe('the map follows the routes', () => {
  const routes = resolve(import.meta.dirname, '../../src/routes');
  /** Each route file's id (createFileRoute('…')) and the features its beforeLoad requires. */
  const declared = sourceFiles(routes).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const id = /createFileRoute\('([^']+)'\)/.exec(source)?.[1];
    if (id === undefined) return [];
    const features = [...source.matchAll(/requireModule\([^,]+,\s*'(\w+)'\)/g)].map((match) => match[1]!);
    return [{ id, features, file: file.slice(routes.length + 1) }];
  });
  /** The features a route needs: its own, and those of the layouts (pathless "_x" segments) it sits in. */
  const needs = (id: string) =>
    new Set(declared.filter((route) => route.id === id || (isLayout(route.id) && id.startsWith(`${route.id}/`))).flatMap((route) => route.features));
  const isLayout = (id: string) => id.split('/').filter(Boolean).every((segment) => segment.startsWith('_'));
  const firstSegment = (id: string) => id.split('/').find((segment) => segment && !segment.startsWith('_'));

  it('every page of the route tree needs the feature the map names for its first segment, and no other', () => {
    const pages = declared.filter((route) => !isLayout(route.id) && firstSegment(route.id) !== undefined);
    expect(pages.length).toBeGreaterThan(40);
    const mismatches = pages.flatMap((route) => {
      const segment = firstSegment(route.id)!;
      const expected = moduleOfPath[segment];
      const actual = [...needs(route.id)];
      return actual.length === (expected ? 1 : 0) && (expected === undefined || actual[0] === expected)
        ? []
        : [`${join('src/routes', route.file)} (/${segment}) requires [${actual.join(', ')}], the map says ${expected ?? 'nothing'}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('every segment of the map is a page of the route tree', () => {
    const segments = new Set(declared.map((route) => firstSegment(route.id)));
    expect(Object.keys(moduleOfPath).filter((segment) => !segments.has(segment))).toEqual([]);
  });
});
