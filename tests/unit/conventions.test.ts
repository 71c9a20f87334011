// House rules of DESIGN.md revision 2 that a reader would otherwise have to remember: one area name in
// every layer, effects provided in one place, views that read through selectors, short route files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function files(dir: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full, pattern) : pattern.test(name) ? [full] : [];
  });
}

const folders = (dir: string) => readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory());
const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

describe('one area name in every layer (DESIGN §2)', () => {
  const areas = folders('machines').filter((name) => name !== 'shared');

  it('every machine area has its effects, API, views and server module under the same name', () => {
    const missing = areas.flatMap((area) =>
      [`src/app/flows/${area}.ts`, `src/api/${area}.ts`, `src/features/${area}`, `server/modules/${area}`]
        .filter((path) => !existsSync(join(root, path)))
        .map((path) => `${area}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('every machine has its types and selectors files beside it', () => {
    const missing = files(join(root, 'machines'), /\.machine\.ts$/).flatMap((file) => {
      const flow = file.replace(/\.machine\.ts$/, '');
      return ['.types.ts', '.selectors.ts']
        .filter((suffix) => !existsSync(flow + suffix))
        .map((suffix) => relative(root, flow + suffix));
    });
    expect(missing).toEqual([]);
  });

  it('every machine has its model, and its machine test, under the flow name', () => {
    const missing = files(join(root, 'machines'), /\.machine\.ts$/).flatMap((file) => {
      const flow = basename(file, '.machine.ts');
      return [`tests/models/${flow}.model.ts`].filter((path) => !existsSync(join(root, path)));
    });
    expect(missing).toEqual([]);
  });
});

describe('effects are provided in one place (DESIGN §3)', () => {
  it('no .provide() in routes or views: src/app/flows makes each create<Flow>Logic', () => {
    const offences = [...files(join(root, 'src/routes')), ...files(join(root, 'src/features'))]
      .filter((file) => /\.provide\(/.test(code(file)))
      .map((file) => relative(root, file));
    expect(offences).toEqual([]);
  });

  it('src/app/flows exports only create<Flow>Logic makers, inputs and plain helpers', () => {
    const offences = files(join(root, 'src/app/flows')).flatMap((file) =>
      [...code(file).matchAll(/export const (\w+Logic)\b/g)]
        .map((match) => match[1]!)
        .filter((name) => !/^create[A-Z]\w*Logic$/.test(name))
        .map((name) => `${relative(root, file)}: ${name}`),
    );
    expect(offences).toEqual([]);
  });
});

describe('views read flows through selectors (DESIGN §4)', () => {
  it('useSelector takes a named selector from machines/<area>/<flow>.selectors.ts, never an inline function', () => {
    const offences = [
      ...files(join(root, 'src/features')),
      ...files(join(root, 'src/app')),
      ...files(join(root, 'src/routes')),
    ].flatMap((file) => [...code(file).matchAll(/useSelector\(\s*(?:\w+\s*,\s*)?\(/g)].map(() => relative(root, file)));
    expect(offences).toEqual([]);
  });
});

describe('routes are thin (DESIGN §4)', () => {
  it('route files have 30 lines or fewer (a `-` file beside them, such as a search schema, is no route)', () => {
    const long = files(join(root, 'src/routes'))
      .filter((file) => !file.endsWith('routeTree.gen.ts') && !basename(file).startsWith('-'))
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > 30);
    expect(long).toEqual([]);
  });

  it('links and redirects use typed paths: no `as never` casts in routes, views or the app', () => {
    const offences = [...files(join(root, 'src/routes')), ...files(join(root, 'src/features')), ...files(join(root, 'src/app'))]
      .filter((file) => /as never/.test(code(file)))
      .map((file) => relative(root, file));
    expect(offences).toEqual([]);
  });

  it('no view checks for a missing tenant: layouts hand every page a loaded one', () => {
    // Only what also shows without settings (the 408 screen's logo and footer) reads the maybe-missing tenant.
    const offences = [...files(join(root, 'src/routes')), ...files(join(root, 'src/features'))]
      .filter((file) => /if \(!tenant\)/.test(code(file)) && !/useLoadedTenant\(/.test(code(file)))
      .map((file) => relative(root, file));
    expect(offences).toEqual([]);
  });
});

describe('no hubs (DESIGN §2: one file per concern)', () => {
  const lines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;

  it('view files and server service files have 300 lines or fewer', () => {
    const views = files(join(root, 'src/features'), /\.tsx$/);
    // Tables and demo data are declarations, not rules: they grow with the data, not with the logic.
    const services = files(join(root, 'server/modules')).filter((file) => !/[\\/](tables|demo-data)\.ts$/.test(file));
    const long = [...views, ...services]
      .map((file) => ({ file: relative(root, file), lines: lines(file) }))
      .filter((entry) => entry.lines > 300);
    expect(long).toEqual([]);
  });
});

describe('money never passes through a float (DESIGN §3, §6)', () => {
  it('no Number() or parseFloat() on amounts in the app, the machines or the server', () => {
    const amount = /(Number|parseFloat)\([^)]*(price|total|amount|balance|available|locked|credit|discount|fee|usdt|value)/i;
    const offences = [...files(join(root, 'src')), ...files(join(root, 'domain')), ...files(join(root, 'machines')), ...files(join(root, 'server'))]
      .filter((file) => !file.includes('/generated/'))
      .filter((file) => amount.test(code(file)))
      .map((file) => relative(root, file));
    expect(offences).toEqual([]);
  });
});

describe('charts read in words (issue 25)', () => {
  // A transition that stays in its state (no target: it only updates context or shows a notice) is
  // exempt; every transition that moves the member somewhere says in a few words what happened.
  it('every transition with a target has a meta.description', async () => {
    const { loadMachines } = await import('../../scripts/statecharts/generate');
    const { machineGraph } = await import('../../scripts/statecharts/machine-graph');
    const missing = (await loadMachines()).flatMap((entry) =>
      machineGraph(entry.machine)
        .transitions.filter((transition) => transition.targetIds.length > 0 && !transition.description?.trim())
        .map((transition) => `${entry.file}: ${transition.key}`),
    );
    expect(missing).toEqual([]);
  });
});
