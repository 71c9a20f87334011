// The dialog a flow runs: shown while its flow is open (a closed flow shows nothing, as an unopened dialog),
// and it tells the page once each time the flow closes, so the page can give the focus back to the opener.
import { useEffect, useRef, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { dialogWidth } from '../../../../domain/limits';
import { useOverlay } from '../../../lib/overlays';

export function FlowModal({ closed, onClose, onClosed, title, children }: {
  closed: boolean;
  onClose: () => void;
  onClosed: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  useOverlay(!closed, onClose);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!closed) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      onClosed();
    }
  }, [closed, onClosed]);
  if (closed) return null;
  return (
    <Modal opened onClose={onClose} title={title} size={dialogWidth.default} closeButtonProps={{ 'aria-label': t`Close` }}>
      {children}
    </Modal>
  );
}
