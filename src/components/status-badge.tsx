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
  low: 'green',
  medium: 'yellow',
  high: 'red',
};

export const statusColour = (status: string) => statusColours[status] ?? 'gray';

/**
 * A status as a badge: its colour from the map, its text translated by the caller. `dot` writes the text in the
 * page's text colour beside a dot of the status colour (the light badge's coloured text on its tint falls
 * short of the 4.5:1 contrast axe asks for).
 */
export function StatusBadge({ status, label, variant = 'light' }: { status: string; label: string; variant?: 'light' | 'dot' }) {
  return (
    <Badge color={statusColour(status)} variant={variant} size="sm" style={{ minWidth: 'max-content' }} data-status={status}>
      {label}
    </Badge>
  );
}
