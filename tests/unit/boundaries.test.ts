// Import boundaries and import cycles of DESIGN.md §2-3 and §6, checked rather than remembered. Imports are
// parsed (tests/support/import-graph.ts), so every form counts: `import x from`, `import './x'`,
// `export ... from`, `import('./x')` and `require('./x')`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elementaryCycles, importEdges, importsOf, resolveImport, sourceFiles as files, type ImportRef } from '../support/import-graph';

const root = resolve(import.meta.dirname, '../..');

const imports = (file: string): string[] => importsOf(file).map((ref) => ref.spec);

describe('machines are pure behaviour', () => {
  // libphonenumber-js holds the phone rule of spec §5; it is pure data and functions like valibot.
  it('import only xstate, valibot, libphonenumber-js, big.js (money), ibantools (IBAN, BIC), their own folder, machines/shared and domain/', () => {
    const offences: string[] = [];
    for (const file of files(join(root, 'machines'))) {
      const folder = relative(join(root, 'machines'), dirname(file)).split(sep)[0];
      for (const spec of imports(file)) {
        if (spec === 'xstate' || spec === 'valibot' || spec === 'libphonenumber-js/min' || spec === 'big.js' || spec === 'ibantools') continue;
        if (spec.startsWith('.')) {
          const target = relative(join(root, 'machines'), resolve(dirname(file), spec)).split(sep)[0];
          if (target === folder || target === 'shared') continue;
          if (!relative(join(root, 'domain'), resolve(dirname(file), spec)).startsWith('..')) continue;
        }
        offences.push(`${relative(root, file)} imports ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('touch no browser storage, fetch, timers of their own or the DOM', () => {
    const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const offences = files(join(root, 'machines')).filter((file) =>
      /\b(localStorage|sessionStorage|fetch\(|window\.|document\.|setTimeout|setInterval)/.test(code(file)),
    );
    expect(offences.map((file) => relative(root, file))).toEqual([]);
  });
});

describe('domain/ is the kernel both sides share', () => {
  it('imports only valibot, big.js, libphonenumber-js, ibantools and itself: no xstate, React, SQL or app code', () => {
    const allowed = new Set(['valibot', 'big.js', 'libphonenumber-js/min', 'ibantools']);
    const offences = files(join(root, 'domain')).flatMap((file) =>
      imports(file)
        .filter((spec) => (spec.startsWith('.') ? relative(join(root, 'domain'), resolve(dirname(file), spec)).startsWith('..') : !allowed.has(spec)))
        .map((spec) => `${relative(root, file)} imports ${spec}`),
    );
    expect(offences).toEqual([]);
  });
});

const featuresDir = join(root, 'src/features');

/** A feature's imports of another feature or of the composition root (src/app), in any form, types included. */
function featureOffences(file: string, refs: readonly ImportRef[]): string[] {
  const feature = relative(featuresDir, file).split(sep)[0];
  const offences: string[] = [];
  for (const ref of refs.filter((candidate) => candidate.spec.startsWith('.'))) {
    const target = resolveImport(file, ref.spec) ?? resolve(dirname(file), ref.spec);
    const inFeatures = relative(featuresDir, target);
    const otherFeature = !inFeatures.startsWith('..') && inFeatures.split(sep)[0] !== feature;
    const appRoot = !relative(join(root, 'src/app'), target).startsWith('..');
    if (otherFeature || appRoot) offences.push(`${relative(root, file)}:${ref.line} imports ${ref.spec} (${ref.kind}${ref.typeOnly ? ', types' : ''})`);
  }
  return offences;
}

describe('features stand alone', () => {
  it('no feature imports another feature or the composition root', () => {
    expect(files(featuresDir).flatMap((file) => featureOffences(file, importsOf(file)))).toEqual([]);
  });

  it('the check sees every form of import', () => {
    const file = join(featuresDir, 'shop/cart-view.tsx');
    const source = [
      "import { Cart } from '../payments/cart';",
      "import type { Invoice } from '../payments/invoice';",
      "import '../payments/styles';",
      "export { Deposit } from '../payments/deposit';",
      "export * from '../payments/all';",
      "export type { Gateway } from '../payments/gateway';",
      "const lazy = () => import('../payments/checkout');",
      'const old = require(`../payments/legacy`);',
      "import { flows } from '../../app/flows/payments';",
      "import { CartLine } from './cart-line';",
      "export const view = () => <div>{String(lazy)}{String(old)}</div>;",
    ].join('\n');
    expect(featureOffences(file, importsOf(file, source))).toEqual([
      'src/features/shop/cart-view.tsx:1 imports ../payments/cart (static)',
      'src/features/shop/cart-view.tsx:2 imports ../payments/invoice (static, types)',
      'src/features/shop/cart-view.tsx:3 imports ../payments/styles (side-effect)',
      'src/features/shop/cart-view.tsx:4 imports ../payments/deposit (re-export)',
      'src/features/shop/cart-view.tsx:5 imports ../payments/all (re-export)',
      'src/features/shop/cart-view.tsx:6 imports ../payments/gateway (re-export, types)',
      'src/features/shop/cart-view.tsx:7 imports ../payments/checkout (dynamic)',
      'src/features/shop/cart-view.tsx:8 imports ../payments/legacy (require)',
      'src/features/shop/cart-view.tsx:9 imports ../../app/flows/payments (static)',
    ]);
  });
});

const modulesDir = join(root, 'server/modules');
/** The areas that sell through invoices, and the list that registers their kinds: payments never imports them. */
const sellingAreas = ['shop', 'learning', 'tariffs', 'affiliates', 'merchants', 'crowdfunding', 'invoice-kinds.ts'];

/** A payments module's imports of an area that sells, in any form, types included. */
function paymentsOffences(file: string, refs: readonly ImportRef[]): string[] {
  return refs
    .filter((ref) => ref.spec.startsWith('.'))
    .filter((ref) => sellingAreas.includes(relative(modulesDir, resolveImport(file, ref.spec) ?? resolve(dirname(file), ref.spec)).split(sep)[0]!))
    .map((ref) => `${relative(root, file)}:${ref.line} imports ${ref.spec} (${ref.kind}${ref.typeOnly ? ', types' : ''})`);
}

describe('payments settles invoices without knowing what was sold (DESIGN §6)', () => {
  it('server/modules/payments imports no area that sells (shop, learning, tariffs, affiliates, merchants), nor the list of their kinds', () => {
    expect(files(join(modulesDir, 'payments')).flatMap((file) => paymentsOffences(file, importsOf(file)))).toEqual([]);
  });

  it('the check sees an import of a selling area in every form', () => {
    const file = join(modulesDir, 'payments/settlement.ts');
    const source = [
      "import { purchases } from '../shop/tables';",
      "import type { TariffRow } from '../tariffs/fulfil';",
      "const lazy = () => import('../learning/service');",
      "export { referralEarnings } from '../affiliates/earnings';",
      "import { registerInvoiceKinds } from '../invoice-kinds';",
      "import { creditWallet } from '../wallet/ledger';",
      "import { invoices } from './tables';",
      'export const x = String(lazy);',
    ].join('\n');
    expect(paymentsOffences(file, importsOf(file, source))).toEqual([
      'server/modules/payments/settlement.ts:1 imports ../shop/tables (static)',
      'server/modules/payments/settlement.ts:2 imports ../tariffs/fulfil (static, types)',
      'server/modules/payments/settlement.ts:3 imports ../learning/service (dynamic)',
      'server/modules/payments/settlement.ts:4 imports ../affiliates/earnings (re-export)',
      'server/modules/payments/settlement.ts:5 imports ../invoice-kinds (static)',
    ]);
  });
});

/**
 * Import cycles allowed for now: none. (The 21 that ran through the router are gone: effects navigate
 * through src/app/router/navigation.ts, which the router attaches itself to.) A cycle found that is not listed
 * fails the test, and so does a listed one that is gone, so the list cannot go stale.
 */
const knownCycles: string[] = [];

describe('no import cycles', () => {
  it('src, machines and server (routeTree.gen.ts included) import nothing that imports them back', () => {
    expect(existsSync(join(root, 'src/routeTree.gen.ts')), 'src/routeTree.gen.ts is missing: run `npm run gen` first').toBe(true);
    const modules = ['src', 'domain', 'machines', 'server'].flatMap((dir) => files(join(root, dir)));
    // What runs when a module loads: type-only imports vanish, and a dynamic import() loads later, on demand.
    const runtime = importEdges(modules).filter(({ ref }) => !ref.typeOnly && ref.kind !== 'dynamic');
    const graph = new Map<string, string[]>();
    for (const { from, to } of runtime) graph.set(from, [...(graph.get(from) ?? []), to]);
    const line = new Map(runtime.map(({ from, to, ref }) => [`${from}\0${to}`, ref.line]));
    const found = elementaryCycles(graph).map((cycle) => [...cycle, cycle[0]!]);
    const chain = (cycle: string[]) => cycle.map((file) => relative(root, file)).join(' → ');
    // A new cycle in full: each module with the line of its import of the next.
    const detailed = (cycle: string[]) =>
      cycle.map((file, index) => (index < cycle.length - 1 ? `${relative(root, file)}:${line.get(`${file}\0${cycle[index + 1]}`)}` : relative(root, file))).join(' → ');
    const foundChains = new Set(found.map(chain));
    expect({
      new: found.filter((cycle) => !knownCycles.includes(chain(cycle))).map(detailed),
      gone: knownCycles.filter((cycle) => !foundChains.has(cycle)),
    }).toEqual({ new: [], gone: [] });
  });

  it('the check reads a cycle as a chain, from the module that sorts first', () => {
    const graph = new Map([
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['a', ['b']],
      ['d', ['d']],
    ]);
    expect(elementaryCycles(graph)).toEqual([['a', 'b', 'c'], ['d']]);
  });
});

/**
 * Where a source makes a flow's actor itself, each as `file:line what`: a context's provider given logic, a
 * `useActorRef`/`useMachine`/`createActor` with arguments, or a flow's logic or actor options typed as a prop.
 * A view's `XContext.useActorRef()` (no arguments) reads a flow and is fine, as is a plain context's
 * `<X.Provider value={...}>`.
 */
function actorCreations(file: string, source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, (comment) => comment.replace(/[^\n]/g, ' '));
  const patterns: [RegExp, string][] = [
    [/\.Provider\b[^>]*?\blogic=/g, 'a provider given logic'],
    [/\b(?:useActorRef|useMachine|createActor)\(\s*[^)\s]/g, 'an actor made with its logic'],
    [/\b\w+\??:\s*typeof\s+\w+Machine\b/g, "a flow's logic as a prop"],
    [/\bActorOptions\b/g, 'actor options as a prop'],
  ];
  const line = (index: number) => code.slice(0, index).split('\n').length;
  return patterns
    .flatMap(([pattern, what]) => [...code.matchAll(pattern)].map((match) => ({ at: line(match.index), what })))
    .sort((a, b) => a.at - b.at)
    .map(({ at, what }) => `${relative(root, file)}:${at} ${what}`);
}

describe('every flow can be inspected', () => {
  it('routes, page frames and views make no actor: they render the providers of src/app/flows (made with flowOptions)', () => {
    const mounting = ['src/routes', 'src/app/pages', 'src/features'].flatMap((dir) => files(join(root, dir)));
    expect(mounting.flatMap((file) => actorCreations(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('the check sees every way of making an actor outside src/app/flows, and lets a view read its flow', () => {
    const file = join(root, 'src/features/auth/registration-modal.tsx');
    const source = [
      '<LoginContext.Provider',
      '  key={method}',
      '  logic={createLoginLogic(tenant)}>',
      'useActorRef(createLogoutLogic(tenant), flowOptions({}));',
      'function Watch({ logic }: { logic: typeof ssoSessionMachine }) {}',
      'type Props = { options?: ActorOptions<typeof loginMachine> };',
      'const actor = LoginContext.useActorRef();',
      '<CourseTabContext.Provider value={setTab}>',
      'function Notice({ actor }: { actor: ActorRefFrom<typeof appStateMachine> }) {}',
      '// useActorRef(logic) in a comment',
    ].join('\n');
    expect(actorCreations(file, source)).toEqual([
      'src/features/auth/registration-modal.tsx:1 a provider given logic',
      'src/features/auth/registration-modal.tsx:4 an actor made with its logic',
      "src/features/auth/registration-modal.tsx:5 a flow's logic as a prop",
      'src/features/auth/registration-modal.tsx:6 actor options as a prop',
    ]);
  });

  it('src/app makes each actor with flowOptions (inspection for /flows and the dev overlay)', () => {
    const offences: string[] = [];
    for (const file of files(join(root, 'src/app'))) {
      const source = readFileSync(file, 'utf8');
      const creations = (source.match(/\bcreateActor\(|\buseActorRef\(\s*[^)\s]|\.Provider\b[^>]*?\blogic=|createElement\(\w+\.Provider,\s*\{[^}]*\blogic\b/g) ?? []).length;
      const inspected = (source.match(/flowOptions\(/g) ?? []).length;
      if (creations > inspected) offences.push(relative(root, file));
    }
    expect(offences).toEqual([]);
  });
});
