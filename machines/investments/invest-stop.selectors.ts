// What the Stop early dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { investStopMachine } from './invest-stop.machine';

type InvestStopSnapshot = SnapshotFrom<typeof investStopMachine>;

export const selectOpen = (s: InvestStopSnapshot) => s.matches('open');
export const selectTarget = (s: InvestStopSnapshot) => s.context.target;
export const selectQuote = (s: InvestStopSnapshot) => s.context.quote;
export const selectQuoting = (s: InvestStopSnapshot) => s.matches({ open: 'quoting' });
export const selectQuoteFailed = (s: InvestStopSnapshot) => s.matches({ open: 'quoteFailed' });
export const selectStopping = (s: InvestStopSnapshot) => s.matches({ open: 'stopping' });
export const selectCanConfirm = (s: InvestStopSnapshot) => s.can({ type: 'stop.confirm' });
export const selectStopped = (s: InvestStopSnapshot) => (s.matches({ open: 'stopped' }) ? s.context.stopped : null);
export const selectFinished = (s: InvestStopSnapshot) => s.matches({ open: 'finished' });
export const selectError = (s: InvestStopSnapshot) => s.context.error;
