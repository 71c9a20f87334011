// The support link next to "gateway not available" (spec §8), when the tenant has a Telegram support id.
import { useTenant } from '../../../lib/tenant-context';

export function useSupportLink(): string | null {
  const id = useTenant().whiteLabel.telegram_support_id?.replace(/^@/, '');
  return id ? `https://t.me/${encodeURIComponent(id)}` : null;
}
