// The generated state charts (docs/statecharts, written by `npm run charts`): one summary and one SVG per
// machine. Bundled only into the /flows page.
export interface FlowSummary {
  name: string;
  id: string;
  purpose: string;
  initial: string | null;
  states: {
    id: string;
    path: string;
    type: string;
    description: string | null;
    tags: string[];
    invokes: string[];
    incoming: string[];
    outgoing: string[];
  }[];
  events: string[];
  guards: string[];
  timers: { state: string; delay: string; duration: string; target: string }[];
  paths: string[];
}

const summaries = import.meta.glob<FlowSummary>('../../../docs/statecharts/*.json', { eager: true, import: 'default' });
const charts = import.meta.glob<string>('../../../docs/statecharts/*.svg', { eager: true, query: '?raw', import: 'default' });

const nameOf = (file: string) => file.split('/').pop()!.replace(/\.(json|svg)$/, '');

export const flows: (FlowSummary & { svg: string })[] = Object.entries(summaries)
  .map(([file, summary]) => ({ ...summary, svg: charts[file.replace(/\.json$/, '.svg')] ?? '' }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const flowByMachineId = (id: string) => flows.find((flow) => flow.id === id);
export const flowByName = (name: string) => flows.find((flow) => flow.name === name) ?? flows.find((flow) => nameOf(flow.name) === name);
