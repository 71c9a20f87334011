// Import boundaries of DESIGN.md §2-3, checked rather than remembered.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('machines are pure behaviour', () => {
  // libphonenumber-js holds the phone rule of spec §5; it is pure data and functions like valibot.
  it('import only xstate, valibot, libphonenumber-js, big.js (money), their own folder and machines/shared', () => {
    const offences: string[] = [];
    for (const file of files(join(root, 'machines'))) {
      const folder = relative(join(root, 'machines'), dirname(file)).split(sep)[0];
      for (const spec of imports(file)) {
        if (spec === 'xstate' || spec === 'valibot' || spec === 'libphonenumber-js/min' || spec === 'big.js') continue;
        if (spec.startsWith('.')) {
          const target = relative(join(root, 'machines'), resolve(dirname(file), spec)).split(sep)[0];
          if (target === folder || target === 'shared') continue;
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

describe('features stand alone', () => {
  it('no feature imports another feature or the composition root', () => {
    const featuresDir = join(root, 'src/features');
    const offences: string[] = [];
    for (const file of files(featuresDir)) {
      const feature = relative(featuresDir, file).split(sep)[0];
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        const target = resolve(dirname(file), spec);
        const inFeatures = relative(featuresDir, target);
        if (!inFeatures.startsWith('..') && inFeatures.split(sep)[0] !== feature) {
          offences.push(`${relative(root, file)} imports ${spec}`);
        }
        if (!relative(join(root, 'src/app'), target).startsWith('..')) offences.push(`${relative(root, file)} imports ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });
});

describe('every flow can be inspected', () => {
  it('routes create their actors with flowOptions (inspection for /flows and the dev overlay)', () => {
    const offences: string[] = [];
    for (const file of files(join(root, 'src/routes'))) {
      const source = readFileSync(file, 'utf8');
      const creations = (source.match(/\.Provider\s+[^>]*logic=|useActorRef\(|<SsoSessionWatch/g) ?? []).length;
      const inspected = (source.match(/flowOptions\(/g) ?? []).length;
      if (creations > inspected) offences.push(relative(root, file));
    }
    expect(offences).toEqual([]);
  });
});
