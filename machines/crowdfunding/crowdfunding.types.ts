// What the crowdfunding area holds (spec §1 crowdfunding, §4 "Project: active, finished", §6; issue 28): the
// tenant's projects and the member's holdings as the contract sends them (amounts are Decimal strings).
import type { Decimal } from '../../domain/money';
import type { HoldingStatus, ProjectStatus, ProjectTerms } from '../../domain/crowdfunding';

export interface ProjectDocument {
  name: string;
  url: string;
}

/** A tariff that lets its members invest, and how much per project. */
export interface CapTariff {
  tariffId: string;
  name: string;
  cap: Decimal;
}

/** A project (moduleCrowdfundingProject); the viewer's figures are null for a visitor. */
export interface Project extends ProjectTerms {
  id: string;
  name: string;
  excerpt: string;
  /** Rich text (HTML), sanitised where it is shown. */
  description: string;
  images: string[];
  documents: ProjectDocument[];
  currency: string;
  goal: Decimal;
  raised: Decimal;
  pending: Decimal;
  /** What is left of the goal (the server's figure). */
  available: Decimal;
  investorsCount: number;
  minInvestment: Decimal;
  startsAt: string;
  endsAt: string;
  status: ProjectStatus;
  goalReached: boolean;
  refundedAt: string | null;
  /** What the member may still invest here under their tariff (the server's figure, never recomputed). */
  viewerCap: Decimal | null;
  viewerTariffCap: Decimal | null;
  viewerInvested: Decimal | null;
  capTariffs: CapTariff[];
}

/** A member's investment in a project (moduleCrowdfundingBriefcase), with the project it is in. */
export interface Holding {
  id: string;
  project: Pick<Project, 'id' | 'name'>;
  amount: Decimal;
  currency: string;
  status: HoldingStatus;
  sharePercent: Decimal;
  receivedProfit: Decimal;
  receivedBody: Decimal;
  totalReturn: Decimal;
  nextPayoutAt: string | null;
  nextPayoutAmount: Decimal | null;
  paidAt: string | null;
  refundedAt: string | null;
  createdAt: string;
}

/** The idempotency key of an attempt: one per flow and attempt (1-128 of [A-Za-z0-9_.:-]). */
export const attemptKey = (keyPrefix: string, attempt: number) => `${keyPrefix}:${attempt}`;
