// One module per GraphQL document in the build (a Vite plugin; vite.config.ts lists it).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parseModule } from './imports';
import { generatedDocumentMap, generatedDocuments } from './paths';

/**
 * One module per GraphQL document. The client preset's babel optimizer turns each `graphql(`...`)` into an
 * import of that one document from the generated `graphql.ts`; but that file is a single module, so the
 * chunk that holds it would hold every document. Here each such import gets a module of its own (the
 * document and nothing else), and the generated documents are marked pure so the unused copies go.
 * Build only: development and tests use the generated file as it is.
 */
export function graphqlDocumentModules(): Plugin {
  const generated = generatedDocuments;
  const generatedMap = generatedDocumentMap;
  const documentsSpec = /^(?:\.\.?\/)+(?:api\/)?generated\/graphql$/;
  const prefix = 'virtual:graphql-document/';
  return {
    name: 'graphql-document-modules',
    apply: 'build',
    resolveId(source) {
      return source.startsWith(prefix) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const name = id.slice(prefix.length + 1);
      const source = readFileSync(generated, 'utf8');
      const match = new RegExp(`export const ${name} = new TypedDocumentString\\(([\\s\\S]*?)\\) as unknown as TypedDocumentString<`).exec(source);
      if (!match) throw new Error(`graphql-document-modules: ${name} is not in ${generated}`);
      return `import { TypedDocumentString } from ${JSON.stringify(generated)};\nexport const ${name} = /* @__PURE__ */ new TypedDocumentString(${match[1]});\n`;
    },
    transform(code, id) {
      if (id === generated) {
        return { code: code.replaceAll('= new TypedDocumentString(', '= /* @__PURE__ */ new TypedDocumentString('), map: null };
      }
      // The optimizer has replaced every graphql() call; its map of all documents would keep them all.
      if (id === generatedMap) return { code: 'export function graphql() {\n  throw new Error("graphql() is compiled away");\n}\n', map: null };
      if (id.includes('node_modules') || !code.includes('generated/graphql')) return null;
      // Only plain document imports (types are gone by now); anything else stays as written. From the last
      // statement to the first, so the earlier ones keep their places.
      const statements = parseModule(id, code)
        .imports.filter((ref) => ref.kind === 'static' && !ref.typeOnly && documentsSpec.test(ref.spec))
        .filter((ref) => ref.names.every(({ imported }) => /^\w+Document$/.test(imported)));
      if (!statements.length) return null;
      let rewritten = code;
      for (const ref of statements.reverse()) {
        const split = ref.names.map(({ imported, local }) => `import { ${imported === local ? imported : `${imported} as ${local}`} } from "${prefix}${imported}";`);
        rewritten = rewritten.slice(0, ref.start) + split.join('\n') + rewritten.slice(ref.end);
      }
      return { code: rewritten, map: null };
    },
  };
}
