import { useSyncExternalStore } from 'react';
import { liveFlows, type LiveActor } from '../../lib/flow-inspection';

/** The flows running in this page, re-rendered as they move. */
export function useLiveActors(): LiveActor[] {
  useSyncExternalStore(liveFlows.subscribe, liveFlows.version, liveFlows.version);
  return liveFlows.actors();
}

/** State node ids of a state value: {twoFactor: 'enteringCode'} -> login.twoFactor, login.twoFactor.enteringCode */
export function activeStateIds(machineId: string, value: unknown, prefix = machineId): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    `${prefix}.${key}`,
    ...activeStateIds(machineId, child, `${prefix}.${key}`),
  ]);
}

export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '—';
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => `${key}.${stateValueText(child)}`)
    .join(', ');
}
