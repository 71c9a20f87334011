// Quantity steppers are labelled (issue 33): a number field with arrows is the shared QuantityInput, whose
// type asks for a name and whose − and + buttons are named; Mantine's NumberInput, whose arrows have none, is
// used nowhere else.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const sources = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => join(root, 'src', file));

describe('quantity steppers', () => {
  it("use the named QuantityInput, never Mantine's NumberInput directly", () => {
    const direct = sources
      .filter((file) => !file.endsWith('src/components/quantity-input.tsx'))
      .filter((file) => /\bNumberInput\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(direct).toEqual([]);
  });
});
