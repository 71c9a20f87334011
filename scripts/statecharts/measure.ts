// `npx tsx scripts/statecharts/measure.ts [machine…]`: each chart's size, edge crossings, label overlaps
// and how straight its happy path runs (per row: how far the boxes' centres stray from one line),
// without computing the model paths (quick, for tuning the layout).
import { loadMachines } from './generate';
import { boxesOfSvg, overlaps } from './geometry';
import { initialStateId, machineGraph } from './machine-graph';
import { readingOrder } from './reading-order';
import { layout, toSvg } from './render';

const only = process.argv.slice(2);
for (const entry of await loadMachines()) {
  if (only.length && !only.includes(entry.name)) continue;
  const graph = machineGraph(entry.machine);
  const initial = initialStateId(entry.machine);
  const laid = await layout(graph, initial);
  const problems = overlaps(boxesOfSvg(toSvg(graph, laid, entry.name, entry.purpose)));
  // The happy path's drawn simple states, in order; a new row starts where the path turns back left.
  const happy = [...readingOrder(graph, initial).happyStates]
    .filter((id) => laid.states.has(id) && !graph.states.some((state) => state.parentId === id && laid.states.has(state.id)))
    .map((id) => laid.states.get(id)!);
  const rows: (typeof happy)[] = [];
  happy.forEach((box, index) => (index > 0 && box.x > happy[index - 1]!.x ? rows[rows.length - 1]!.push(box) : rows.push([box])));
  const spread = rows.map((row) => {
    const centres = row.map((box) => box.y + box.height / 2);
    const oneLine = Math.max(...row.map((box) => box.y)) < Math.min(...row.map((box) => box.y + box.height));
    return `${row.length} states ±${Math.round((Math.max(...centres) - Math.min(...centres)) / 2)} px${oneLine ? '' : ' (no common line)'}`;
  });
  console.log(
    `${entry.name.padEnd(24)} ${String(graph.states.length).padStart(3)} states ${`${Math.ceil(laid.width)} × ${Math.ceil(laid.height)}`.padStart(12)} px, ${laid.fit.crossings} crossings${laid.fit.rows === "one" ? "" : `, rows at aspect ${laid.fit.rows}`}${laid.fit.labels === "narrow" ? ", narrow labels" : ""}${laid.fit.attempt ? ` (fallback ${laid.fit.attempt})` : ''}${problems.length ? `, ${problems.length} overlaps` : ''}; happy path: ${spread.join(' | ')}`,
  );
}
