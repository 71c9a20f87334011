// The one status-colour map (spec §4 "Status values"): every list's status badge takes its colour here.
import { Badge } from '@mantine/core';

const statusColours: Record<string, string> = {
  paid: 'green',
  active: 'green',
  connected: 'green',
  success: 'green',
  completed: 'green',
  accepted: 'green',
  unpaid: 'orange',
  pending: 'yellow',
  on_hold: 'orange',
  below_minimum: 'grape',
  payable: 'teal',
  new: 'blue',
  requested: 'blue',
  in_progress: 'blue',
  meeting: 'cyan',
  choosing_property: 'indigo',
  signing_documents: 'teal',
  paused: 'gray',
  finished: 'gray',
  cancel: 'gray',
  canceled: 'gray',
  refunded: 'violet',
  disconnected: 'red',
  failed: 'red',
  error: 'red',
  declined: 'red',
  suspended: 'red',
  'drawdown exceeded': 'orange',
  low: 'green',
  medium: 'yellow',
  high: 'red',
};

export const statusColour = (status: string) => statusColours[status] ?? 'gray';

/**
 * A status as a badge: its colour from the map (as a dot), its text translated by the caller. Coloured text on
 * its own tint (the light variant) falls short of WCAG AA for small text in several colours; the dot keeps the
 * colour and the text the page's own, in both schemes.
 */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge color={statusColour(status)} variant="dot" size="sm" style={{ minWidth: 'max-content' }} data-status={status}>
      {label}
    </Badge>
  );
}
