// The draw anyone can verify (issue 29): the same seed and tickets always give the same winners, every ticket can
// win, winners are distinct sold tickets, and a published seed verifies against its hash.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawWinners, seedHash, verifyDraw } from '../../domain/lotteries';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''));
const ticketsArb = fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 40 });

describe('the draw', () => {
  it('gives the same winners for the same seed and tickets, whatever order the tickets come in', async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, ticketsArb, fc.integer({ min: 1, max: 5 }), async (seed, tickets, places) => {
        const once = await drawWinners(seed, tickets, places);
        const again = await drawWinners(seed, [...tickets].reverse(), places);
        expect(again).toEqual(once);
        expect(once).toHaveLength(Math.min(places, tickets.length));
        expect(new Set(once).size).toBe(once.length);
        for (const ticket of once) expect(tickets).toContain(ticket);
      }),
      { numRuns: 60 },
    );
  });

  it('lets every ticket win: over many seeds each of 5 tickets takes first place', async () => {
    const tickets = [3, 7, 11, 12, 20];
    const firsts = new Set<number>();
    await fc.assert(
      fc.asyncProperty(seedArb, async (seed) => {
        firsts.add((await drawWinners(seed, tickets, 1))[0]!);
      }),
      { numRuns: 100 },
    );
    expect([...firsts].sort((a, b) => a - b)).toEqual(tickets);
  });

  it('verifies a published seed against its hash and the winners, and catches a changed winner or seed', async () => {
    const seed = 'a'.repeat(64);
    const hash = await seedHash(seed);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const winners = await drawWinners(seed, [1, 2, 3, 4, 5, 6], 2);
    expect(await verifyDraw({ seed, seedHash: hash, tickets: [1, 2, 3, 4, 5, 6], winners })).toMatchObject({ hashMatches: true, winnersMatch: true });
    const other = winners[0] === 1 ? 2 : 1;
    expect((await verifyDraw({ seed, seedHash: hash, tickets: [1, 2, 3, 4, 5, 6], winners: [other, winners[1]!] })).winnersMatch).toBe(false);
    expect((await verifyDraw({ seed: 'b'.repeat(64), seedHash: hash, tickets: [1, 2, 3, 4, 5, 6], winners })).hashMatches).toBe(false);
  });
});
