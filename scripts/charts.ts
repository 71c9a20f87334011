// `npm run charts`: writes docs/statecharts from the machines (see scripts/statecharts/generate.ts).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCharts, outputDir } from './statecharts/generate';
import { modelPathTitles } from './statecharts/model-paths';

const files = await generateCharts(modelPathTitles);
mkdirSync(outputDir, { recursive: true });
// The state gallery (npm run gallery) lives beside the charts and is not theirs to remove.
for (const name of readdirSync(outputDir)) if (!files.has(name) && name !== 'gallery') rmSync(join(outputDir, name));
for (const [name, content] of files) writeFileSync(join(outputDir, name), content);
const machines = [...files.keys()].filter((name) => name.endsWith('.svg')).length;
console.log(`Wrote ${files.size} files to docs/statecharts for ${machines} machines.`);
