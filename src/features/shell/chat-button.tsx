// The support chat bottom-right: the tenant's Tidio widget when it has a `tidio_id`, else its Telegram
// support link. Hidden while a dialog, sheet or the cart is open; the auth and simple layouts do not show it
// (spec §4 "Other"), and leaving a layout that does hides Tidio's widget too. On phones the layouts end their
// content with ChatClearance, so the button never covers a list's last row.
import { useEffect } from 'react';
import { ActionIcon, Affix, Box, Transition } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useAnyOverlayOpen } from '../../lib/overlays';
import { useTenant } from '../../lib/tenant-context';
import { loadTidio, setTidioVisible } from './tidio-chat';

const chatButtonSize = 52;
const chatButtonBottom = 76;

function TidioChat({ id, hidden }: { id: string; hidden: boolean }) {
  useEffect(() => loadTidio(id), [id]);
  useEffect(() => setTidioVisible(!hidden), [hidden]);
  useEffect(() => () => setTidioVisible(false), []);
  return null;
}

function TelegramChat({ supportId, hidden }: { supportId: string; hidden: boolean }) {
  const { t } = useLingui();
  return (
    <Affix position={{ bottom: chatButtonBottom, right: 16 }} zIndex={150}>
      <Transition mounted={!hidden} transition="slide-up" duration={150}>
        {(styles) => (
          <aside aria-label={t`Support chat`} style={styles}>
            <ActionIcon
              component="a"
              href={`https://t.me/${encodeURIComponent(supportId.replace(/^@/, ''))}`}
              target="_blank"
              rel="noopener noreferrer"
              size={chatButtonSize}
              radius="xl"
              aria-label={t`Chat with support`}
              data-testid="chat-button"
            >
              <IconMessageCircle size={26} aria-hidden />
            </ActionIcon>
          </aside>
        )}
      </Transition>
    </Affix>
  );
}

export function ChatButton() {
  const tenant = useTenant();
  const overlayOpen = useAnyOverlayOpen();
  const { tidio_id: tidioId, telegram_support_id: supportId } = tenant.whiteLabel;
  if (tidioId) return <TidioChat id={tidioId} hidden={overlayOpen} />;
  if (supportId) return <TelegramChat supportId={supportId} hidden={overlayOpen} />;
  return null;
}

/**
 * Room at the end of the content on phones for the chat button (and Tidio's launcher, drawn at the same
 * place), when the tenant has a chat; `below`: what the layout already leaves under its content (its bottom
 * bar and padding), in px.
 */
export function ChatClearance({ below }: { below: number }) {
  const tenant = useTenant();
  if (!tenant.whiteLabel.tidio_id && !tenant.whiteLabel.telegram_support_id) return null;
  const height = chatButtonBottom + chatButtonSize + 8 - below;
  return <Box h={height} hiddenFrom="sm" aria-hidden data-testid="chat-clearance" />;
}
