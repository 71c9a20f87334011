// What the Connect panel reads of its flow: which step shows, the accounts it offers, the form and its problems, and
// the request or connection with their deadlines.
import type { SnapshotFrom } from 'xstate';
import { lotRatioOf } from './copy-settings.schema';
import type { linkRequestMachine } from './link-request.machine';
import { eligibleAccounts } from './link-request.schema';

type LinkRequestSnapshot = SnapshotFrom<typeof linkRequestMachine>;

export type LinkStep =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'editing'
  | 'pending'
  | 'declined'
  | 'expired'
  | 'keyPending'
  | 'linked'
  | 'connectionEnded';

/** The step the panel shows (sending shows the form, busy; following and ended by what the request and connection say). */
export function selectStep(s: LinkRequestSnapshot): LinkStep {
  const top = typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!;
  const { request, connection } = s.context;
  if (top === 'submitting') return 'editing';
  if (top === 'checking') return 'loading';
  if (top === 'following') return connection?.status === 'pending' ? 'keyPending' : 'pending';
  if (top === 'ended') {
    if (connection && (connection.status === 'failed' || connection.status === 'disconnected')) return 'connectionEnded';
    return request?.status === 'declined' ? 'declined' : 'expired';
  }
  return top as LinkStep;
}

export const selectBusy = (s: LinkRequestSnapshot) => s.hasTag('busy');
export const selectRefusal = (s: LinkRequestSnapshot) => s.context.refusal;
export const selectStrategy = (s: LinkRequestSnapshot) => s.context.strategy;
export const selectValues = (s: LinkRequestSnapshot) => s.context.values;
export const selectFieldErrors = (s: LinkRequestSnapshot) => s.context.fieldErrors;
export const selectSubmitRefusal = (s: LinkRequestSnapshot) => (s.hasTag('editable') && !s.hasTag('busy') ? s.context.submitRefusal : null);
export const selectRequest = (s: LinkRequestSnapshot) => s.context.request;
export const selectConnection = (s: LinkRequestSnapshot) => s.context.connection;
/** The accounts the form offers (compare with shallowEqual). */
export const selectAccounts = (s: LinkRequestSnapshot) => (s.context.loaded ? eligibleAccounts(s.context.loaded) : []);

/** The lot size typed, read as a ratio (100 → 1:1); null while it is not a lot size. */
export const selectLotRatio = (s: LinkRequestSnapshot) => lotRatioOf(s.context.values.lotSize);
