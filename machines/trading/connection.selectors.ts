// What /connection/{id} reads of its flow: the connection, which actions show, the settings form and the disconnect.
import type { SnapshotFrom } from 'xstate';
import { crossesDrawdown } from '../../domain/copy-trading';
import type { connectionMachine } from './connection.machine';
import { lotRatioOf, settingsInputOf } from './copy-settings.schema';

type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>;

export type ConnectionStep = 'loading' | 'loadFailed' | 'notFound' | 'shown';
export const selectStep = (s: ConnectionSnapshot): ConnectionStep =>
  (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as ConnectionStep;

export const selectConnection = (s: ConnectionSnapshot) => s.context.connection;
export const selectError = (s: ConnectionSnapshot) => s.context.error;
export const selectRefusal = (s: ConnectionSnapshot) => s.context.refusal;

const inAction = (s: ConnectionSnapshot, state: string) => s.matches({ shown: { action: state } } as never);

/** Which part of the actions shows: the buttons, the settings form or the disconnect form. */
export function selectPanel(s: ConnectionSnapshot): 'actions' | 'settings' | 'disconnect' {
  if (inAction(s, 'editingSettings') || inAction(s, 'savingSettings')) return 'settings';
  if (inAction(s, 'confirmingDisconnect') || inAction(s, 'disconnecting')) return 'disconnect';
  return 'actions';
}
export const selectSaving = (s: ConnectionSnapshot) => inAction(s, 'savingSettings');
export const selectPausing = (s: ConnectionSnapshot) => inAction(s, 'pausing');
export const selectResuming = (s: ConnectionSnapshot) => inAction(s, 'resuming');
export const selectDisconnecting = (s: ConnectionSnapshot) => inAction(s, 'disconnecting');
export const selectCanEdit = (s: ConnectionSnapshot) => s.can({ type: 'settings.open' });
export const selectCanPause = (s: ConnectionSnapshot) => s.can({ type: 'connection.pause' });
export const selectCanResume = (s: ConnectionSnapshot) => s.can({ type: 'connection.resume' });
export const selectCanDisconnect = (s: ConnectionSnapshot) => s.can({ type: 'disconnect.open' });

export const selectValues = (s: ConnectionSnapshot) => s.context.values;
export const selectFieldErrors = (s: ConnectionSnapshot) => s.context.fieldErrors;
export const selectLotRatio = (s: ConnectionSnapshot) => lotRatioOf(s.context.values.lotSize);
/** The drawdown limit typed is at or below the drawdown reached: saving stops the connection. */
export function selectStopsOnSave(s: ConnectionSnapshot): boolean {
  const { connection, values } = s.context;
  const limit = settingsInputOf(values).max_drawdown_percent;
  return connection !== null && limit !== null && Number.isInteger(limit) && crossesDrawdown(connection.drawdownPercent, limit);
}
export const selectReason = (s: ConnectionSnapshot) => s.context.reason;
export const selectReasonError = (s: ConnectionSnapshot) => s.context.reasonError;
