// Lotteries (spec §2, §4 "Raffle: active, filled, finished", §6 premium raffles; calls §9 airdrop raffle reward;
// issue 29): the one rule that draws a raffle's winners, which the server's draw job and the raffle page's "Verify
// the draw" both run, so anyone can check a draw from what the page shows.
//
// The commitment: when a raffle is made the server picks a secret seed (64 lowercase hex digits) and publishes
// seed_hash = SHA-256 of the seed's text, as lowercase hex. After the draw it publishes the seed.
// The draw: the sold ticket numbers in ascending order are the pool. For place 1, 2, … (one winner per prize,
// never more than the pool), attempt 0, 1, …: x = the first 4 bytes, big-endian, of HMAC-SHA-256 keyed with the
// seed's text over the text "<place>:<attempt>"; with n tickets left in the pool, x is taken only when it is below
// the largest multiple of n under 2^32 (rejection sampling: no ticket is likelier than another), and the winner is
// pool[x mod n], which leaves the pool. The same seed and tickets always give the same winners.
// Web Crypto (crypto.subtle) is the same in browsers and in Node 20, so this file runs unchanged in both.
import { compare, multiply } from './money';

/** Raffle statuses (spec §4, calls §4): on sale, every ticket sold (drawing), drawn. */
export const raffleStatuses = ['active', 'filled', 'finished'] as const;
export type RaffleStatus = (typeof raffleStatuses)[number];

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** A seed as the server makes and publishes it: 64 lowercase hex digits. */
export const isSeed = (value: string) => /^[0-9a-f]{64}$/.test(value);

/** The commitment published before any ticket is sold: SHA-256 of the seed's text, lowercase hex. */
export async function seedHash(seed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(seed)));
}

const span = 2 ** 32;

/** The winning ticket numbers, place 1 first, for `places` prizes among the sold `tickets`. */
export async function drawWinners(seed: string, tickets: readonly number[], places: number): Promise<number[]> {
  const pool = [...new Set(tickets)].sort((a, b) => a - b);
  const key = await crypto.subtle.importKey('raw', encoder.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const winners: number[] = [];
  for (let place = 1; place <= places && pool.length > 0; place += 1) {
    const n = pool.length;
    const limit = Math.floor(span / n) * n;
    for (let attempt = 0; ; attempt += 1) {
      const mac = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(`${place}:${attempt}`)));
      const x = mac.getUint32(0, false);
      if (x < limit) {
        winners.push(pool.splice(x % n, 1)[0]!);
        break;
      }
    }
  }
  return winners;
}

/** What "Verify the draw" finds: whether the seed matches its published hash, and the winners it gives. */
export async function verifyDraw(input: { seed: string; seedHash: string; tickets: readonly number[]; winners: readonly number[] }) {
  const hashMatches = isSeed(input.seed) && (await seedHash(input.seed)) === input.seedHash.toLowerCase();
  const recomputed = await drawWinners(input.seed, input.tickets, input.winners.length);
  const winnersMatch = recomputed.length === input.winners.length && recomputed.every((ticket, index) => ticket === input.winners[index]);
  return { hashMatches, winnersMatch, recomputed };
}

/** The most tickets the member can still buy: what is left of the raffle and of their own maximum. */
export const ticketsLeftFor = (raffle: { ticketsTotal: number; ticketsSold: number; maxTicketsPerMember: number; held: number }) =>
  Math.max(0, Math.min(raffle.ticketsTotal - raffle.ticketsSold, raffle.maxTicketsPerMember - raffle.held));

/** What is wrong with a typed quantity, checked in this order; null when it may be bought. */
export type QuantityProblem = 'required' | 'max' | 'balance';

export function quantityProblem(quantity: string, input: { most: number; ticketPrice: string; balance: string }): QuantityProblem | null {
  if (!/^[1-9]\d{0,3}$/.test(quantity)) return 'required';
  const count = Number.parseInt(quantity, 10);
  if (count > input.most) return 'max';
  if (compare(multiply(input.ticketPrice, count), input.balance) > 0) return 'balance';
  return null;
}
