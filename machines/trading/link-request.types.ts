import type { AppError, Outcome } from '../../domain/app-error';
import type { ConnectionBrief, LinkFactsLoaded, LinkRequestRow, LinkStrategy } from './copy-links.types';
import type { settingsInputOf } from './copy-settings.schema';
import type { LinkField, LinkFieldErrors, LinkValues, PanelRefusal, SubmitRefusal } from './link-request.schema';

export interface LinkRequestInput {
  strategy: LinkStrategy;
  /** Each attempt's idempotency key is this prefix and the attempt's number. */
  keyPrefix: string;
}

export interface LinkRequestContext {
  strategy: LinkStrategy;
  keyPrefix: string;
  /** What the panel weighed last (null until loaded). */
  loaded: LinkFactsLoaded | null;
  /** Why the member cannot ask, found before they start. */
  refusal: PanelRefusal | null;
  values: LinkValues;
  fieldErrors: LinkFieldErrors;
  /** The server's refusal of the last request, shown on the form until the next send. */
  submitRefusal: SubmitRefusal | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for: the same answers sent again keep their key. */
  attemptOf: string | null;
  /** The request made (or found pending), as last read. */
  request: LinkRequestRow | null;
  /** The connection an accepted request became, as last read. */
  connection: ConnectionBrief | null;
}

export interface SendLinkRequest {
  strategyId: string;
  accountId: string;
  settings: ReturnType<typeof settingsInputOf>;
  idempotencyKey: string;
}

/** What a look asks for: the request (until its connection is known) and the connection. */
export interface FollowingAsk {
  requestId: string | null;
  connectionId: string | null;
}

/** What a look found: the request as it is now (null when only the connection was read) and its connection, if any. */
export interface FollowingNow {
  request: LinkRequestRow | null;
  connection: ConnectionBrief | null;
}

/** copyTradingLinkRequest: the pending request, or refused by name (nothing stored). */
export type SendLinkOutcome = Outcome<LinkRequestRow, SubmitRefusal>;

export type LinkRequestEvent =
  | { type: 'field.change'; field: LinkField; value: string }
  | { type: 'request.submit' }
  | { type: 'request.again' }
  | { type: 'load.retry' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };
