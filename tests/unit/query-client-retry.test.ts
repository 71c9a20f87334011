// Which failed loads TanStack Query asks again (src/lib/query-client.ts): a failed connection and a
// restarting server, twice at most; never an answer that will not change on its own.
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/lib/query-client';
import type { AppError } from '../../domain/app-error';

const retry = createQueryClient().getDefaultOptions().queries!.retry as unknown as (count: number, error: AppError) => boolean;

describe('query retries', () => {
  it('asks again after a failed connection or a restarting server (503 unavailable), at most twice', () => {
    for (const code of ['network', 'unavailable'] as const) {
      expect([0, 1, 2].map((count) => retry(count, { code }))).toEqual([true, true, false]);
    }
  });

  it('does not ask again after an answer that will not change by itself', () => {
    for (const code of ['internal', 'validation', 'authentication', 'server'] as const) expect(retry(0, { code })).toBe(false);
  });
});
