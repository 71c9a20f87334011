import type { AppError, Outcome } from '../../domain/app-error';
import type { ConnectionRow } from './copy-links.types';
import type { SettingsField, SettingsFieldErrors, SettingsValues, settingsInputOf } from './copy-settings.schema';

export interface ConnectionInput {
  connectionId: string;
}

/** What the server refuses a change with by name: the status changed meanwhile, or trading is suspended (resume). */
export type ConnectionRefusal = 'ConnectionStateChanged' | 'OverdueInvoices' | 'AccountNotActive';
export const connectionRefusals: readonly ConnectionRefusal[] = ['ConnectionStateChanged', 'OverdueInvoices', 'AccountNotActive'];

/** connectionUpdate, connectionPause, connectionResume: the connection as changed, or refused by name. */
export type ConnectionOutcome = Outcome<ConnectionRow, ConnectionRefusal>;

export interface ConnectionContext {
  connectionId: string;
  /** The connection as last read or changed (null until loaded). */
  connection: ConnectionRow | null;
  /** The settings form as typed (kept on a refusal). */
  values: SettingsValues;
  fieldErrors: SettingsFieldErrors;
  /** The disconnect reason as typed, and its field code. */
  reason: string;
  reasonError: string | null;
  /** The last change refused by name, shown beside the actions until the next one. */
  refusal: ConnectionRefusal | null;
  error: AppError | null;
  /** A change was refused: the connection is read again at once. */
  lookNow: boolean;
}

export interface UpdateConnectionRequest {
  connectionId: string;
  settings: ReturnType<typeof settingsInputOf>;
}

export type ConnectionEvent =
  | { type: 'load.retry' }
  | { type: 'settings.open' }
  | { type: 'settings.cancel' }
  | { type: 'field.change'; field: SettingsField; value: string }
  | { type: 'settings.submit' }
  | { type: 'connection.pause' }
  | { type: 'connection.resume' }
  | { type: 'disconnect.open' }
  | { type: 'disconnect.cancel' }
  | { type: 'reason.change'; value: string }
  | { type: 'disconnect.confirm' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };
