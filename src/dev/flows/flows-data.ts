// The generated state charts (docs/statecharts, written by `npm run charts`). The page bundles only the
// index; each machine's summary and SVG load when it is shown.
import { queryOptions } from '@tanstack/react-query';
import type { FlowIndexEntry, FlowSummary } from '../../../scripts/statecharts/generate';
import index from '../../../docs/statecharts/index.json';

const summaries = import.meta.glob<FlowSummary>(['../../../docs/statecharts/*.json', '!**/index.json'], { import: 'default' });
const charts = import.meta.glob<string>('../../../docs/statecharts/*.svg', { query: '?raw', import: 'default' });

export type Flow = FlowSummary & { svg: string };

export const flowIndex: FlowIndexEntry[] = [...index].sort((a, b) => a.name.localeCompare(b.name));

export const flowNameOfMachine = (machineId: string) => flowIndex.find((entry) => entry.id === machineId)?.name;

export const flowQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['flow', name],
    queryFn: async (): Promise<Flow> => {
      const file = `../../../docs/statecharts/${name}`;
      const [summary, svg] = await Promise.all([summaries[`${file}.json`]!(), charts[`${file}.svg`]!()]);
      return { ...summary, svg };
    },
    // Generated at build time: never stale.
    staleTime: Infinity,
  });
