/** What "Verify the draw" checks: the published seed, its hash, the sold tickets and the winners, as the page shows them. */
export interface DrawProof {
  seed: string;
  seedHash: string;
  tickets: number[];
  /** The winning tickets, place 1 first. */
  winners: number[];
}

/** What the browser found: whether the seed matches its hash, and the winners it gives. */
export interface DrawCheck {
  hashMatches: boolean;
  winnersMatch: boolean;
  recomputed: number[];
}

export interface VerifyDrawContext {
  proof: DrawProof;
  check: DrawCheck | null;
}

export type VerifyDrawEvent = { type: 'verify' };
