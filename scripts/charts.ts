// `npm run charts`: writes docs/statecharts from the machines (see scripts/statecharts/generate.ts).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCharts, outputDir } from './statecharts/generate';
import { modelPathTitles } from './statecharts/model-paths';

const files = await generateCharts(modelPathTitles);
mkdirSync(outputDir, { recursive: true });
// Folders (the state gallery) are written by other scripts and stay.
for (const entry of readdirSync(outputDir, { withFileTypes: true })) if (entry.isFile() && !files.has(entry.name)) rmSync(join(outputDir, entry.name));
for (const [name, content] of files) writeFileSync(join(outputDir, name), content);
const machines = [...files.keys()].filter((name) => name.endsWith('.svg')).length;
console.log(`Wrote ${files.size} files to docs/statecharts for ${machines} machines.`);
