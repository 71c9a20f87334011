// The chat support button bottom-right: the tenant's Telegram support. Hidden while a dialog, sheet or the
// cart is open; the auth and simple layouts do not show it (spec §4 "Other").
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useAnyOverlayOpen } from '../../lib/overlays';
import { useTenant } from '../../lib/tenant-context';

export function ChatButton() {
  const { t } = useLingui();
  const tenant = useTenant();
  const overlayOpen = useAnyOverlayOpen();
  const supportId = tenant.whiteLabel.telegram_support_id;
  if (!supportId) return null;
  return (
    <Affix position={{ bottom: 76, right: 16 }} zIndex={150}>
      <Transition mounted={!overlayOpen} transition="slide-up" duration={150}>
        {(styles) => (
          <ActionIcon
            component="a"
            href={`https://t.me/${encodeURIComponent(supportId.replace(/^@/, ''))}`}
            target="_blank"
            rel="noopener noreferrer"
            size={52}
            radius="xl"
            style={styles}
            aria-label={t`Chat with support`}
            data-testid="chat-button"
          >
            <IconMessageCircle size={26} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
