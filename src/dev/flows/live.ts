import { useSyncExternalStore } from 'react';
import { pageInspection } from '../../lib/flow-inspection';
import type { InspectedActor, InspectedEvent } from '../inspector/inspection-log';

/** The flows running in this page (and, while an inspector listens, in the other tabs), re-rendered as they move. */
export function useLiveActors(): InspectedActor[] {
  const { log } = pageInspection();
  useSyncExternalStore(log.subscribe, log.version, log.version);
  return log.list();
}

/** Every event kept, oldest first, for the timeline. */
export function useLiveTimeline(): readonly InspectedEvent[] {
  const { log } = pageInspection();
  useSyncExternalStore(log.subscribe, log.version, log.version);
  return log.timeline();
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
