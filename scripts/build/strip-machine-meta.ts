// The machines' `meta` (a state's or a transition's description in words) is for the charts, the docs and the
// model tests, which read the machines' source; the app never reads it. The production build drops it, so the
// words a product owner reads on the charts cost a member nothing on the first load.
import type { PluginObj } from '@babel/core';

const isMetaKey = (key: { type: string; name?: string; value?: unknown }) =>
  (key.type === 'Identifier' && key.name === 'meta') || (key.type === 'StringLiteral' && key.value === 'meta');

export function stripMachineMeta(): PluginObj {
  return {
    name: 'strip-machine-meta',
    visitor: {
      ObjectProperty(path, state) {
        if (!(state.filename ?? '').includes('/machines/')) return;
        if (!path.node.computed && isMetaKey(path.node.key) && path.node.value.type === 'ObjectExpression') path.remove();
      },
    },
  };
}
