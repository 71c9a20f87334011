// The language catalogue in two parts (a Vite plugin; vite.config.ts lists it).
import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { projectRoot } from './paths';

/**
 * Every language's catalogue in two parts: `messages.po?part=first`, the messages of the code every first load
 * and every auth page runs (the shell, the auth pages, the app-status dialogs, shared components and helpers:
 * a message counts if any of its origins is there), and `?part=rest`, all the others. /login then loads a
 * third of the catalogue; src/app/router/catalogue-gate.ts loads the rest before any other page renders
 * (src/lib/i18n.ts). Compiled as the Lingui plugin compiles a whole catalogue, and failing the build the same
 * way on a missing translation or a message that does not compile.
 */
export const firstCatalogueOrigins =
  /^src\/(app\/|lib\/|components\/|features\/(shell|auth|app-status)\/|routes\/__root\.tsx|routes\/_auth(\.tsx|\/)|main\.tsx|boot\.ts)/;
export function cataloguePart(): Plugin {
  const partId = /[\\/]locales[\\/][\w-]+[\\/]messages\.po\?part=(first|rest)$/;
  let config: Awaited<ReturnType<typeof loadLinguiConfig>> | null = null;
  return {
    name: 'catalogue-part',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!/\.po\?part=(first|rest)$/.test(source)) return null;
      const [file, query] = source.split('?');
      return `${resolve(importer ? dirname(importer) : process.cwd(), file!)}?${query}`;
    },
    async load(id) {
      const match = partId.exec(id);
      if (!match) return null;
      config ??= await loadLinguiConfig();
      const { getCatalogForFile, getCatalogs, createCompiledCatalog, createMissingErrorMessage, createCompilationErrorMessage } = await import('@lingui/cli/api');
      const file = id.split('?')[0]!;
      this.addWatchFile(file);
      const found = getCatalogForFile(relative(config.rootDir ?? process.cwd(), file), await getCatalogs(config));
      if (!found) throw new Error(`catalogue-part: ${file} is no catalogue of lingui.config.ts`);
      const { locale, catalog } = found;
      const { messages, missing } = await catalog.getTranslations(locale, {
        // As the Lingui plugin passes them (its config type marks them optional; getConfig fills them in).
        fallbackLocales: config.fallbackLocales,
        sourceLocale: config.sourceLocale,
      } as Parameters<typeof catalog.getTranslations>[1]);
      if (missing.length) throw new Error(createMissingErrorMessage(locale, missing, 'loader'));
      const entries = (await catalog.read(locale)) ?? {};
      const first = (messageId: string) => (entries[messageId]?.origin ?? []).some(([origin]) => firstCatalogueOrigins.test(origin.replaceAll('\\', '/')));
      const wanted = match[1] === 'first';
      const part = Object.fromEntries(Object.entries(messages).filter(([messageId]) => first(messageId) === wanted));
      const { source, errors } = createCompiledCatalog(locale, part, { namespace: 'es', pseudoLocale: config.pseudoLocale });
      if (errors.length) throw new Error(createCompilationErrorMessage(locale, errors));
      return { code: source, map: null, moduleType: 'js' };
    },
  };
}
async function loadLinguiConfig() {
  const { getConfig } = await import('@lingui/conf');
  return getConfig({ cwd: projectRoot });
}
