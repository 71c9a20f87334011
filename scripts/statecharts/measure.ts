// `npx tsx scripts/statecharts/measure.ts [machine…]`: each chart's size, edge crossings and label
// overlaps, without computing the model paths (quick, for tuning the layout).
import { loadMachines } from './generate';
import { boxesOfSvg, overlaps } from './geometry';
import { initialStateId, machineGraph } from './machine-graph';
import { layout, toSvg } from './render';

const only = process.argv.slice(2);
for (const entry of await loadMachines()) {
  if (only.length && !only.includes(entry.name)) continue;
  const graph = machineGraph(entry.machine);
  const laid = await layout(graph, initialStateId(entry.machine));
  const problems = overlaps(boxesOfSvg(toSvg(graph, laid, entry.name, entry.purpose)));
  console.log(
    `${entry.name.padEnd(26)} ${String(graph.states.length).padStart(3)} states ${`${Math.ceil(laid.width)} × ${Math.ceil(laid.height)}`.padStart(12)} px, ${laid.fit.crossings} crossings${laid.fit.wrapped ? ", wrapped" : ""}${laid.fit.attempt ? ` fallback ${laid.fit.attempt}` : ""}${problems.length ? `, ${problems.length} overlaps` : ''}`,
  );
}
