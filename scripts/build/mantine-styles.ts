// The build's per-component Mantine CSS (a Vite plugin; vite.config.ts lists it).
import type { Plugin } from 'vite';

/**
 * Per-component Mantine CSS: each component's class-name module (`esm/components/X/X.module.mjs`) imports its
 * sheet (`styles/X.css`), so the sheet lands in whichever chunk holds the component and loads with it,
 * instead of the whole 40 KB sheet on every first load. The base sheets come from src/app/mantine-styles.ts.
 * Build only: development pre-bundles Mantine and loads the whole sheet.
 */
export function mantineComponentStyles(): Plugin {
  const classModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'mantine-component-styles',
    apply: 'build',
    transform(code, id) {
      const match = classModule.exec(id);
      if (!match) return null;
      return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
    },
  };
}
