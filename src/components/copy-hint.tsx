// Copy to clipboard with the "Copied" hint: 3 s on icons, 1.5 s on links (spec §4 "Other"). The hint is a
// small bubble of our own, announced to screen readers, so no popover library is needed for it.
import { ActionIcon, Anchor, Box, CopyButton, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

import { copyHintDuration } from '../../domain/timing';

function CopiedBubble() {
  const { t } = useLingui();
  return (
    <Text
      role="status"
      size="xs"
      fw={600}
      px={6}
      py={2}
      bg="var(--mantine-color-dark-6)"
      c="white"
      style={{ position: 'absolute', bottom: '110%', right: 0, borderRadius: 4, whiteSpace: 'nowrap', pointerEvents: 'none' }}
    >
      {t`Copied`}
    </Text>
  );
}

export function CopyIconButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  return (
    <CopyButton value={value} timeout={copyHintDuration.icon}>
      {({ copied, copy }) => (
        <Box pos="relative">
          <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? t`Copied` : label}>
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
          {copied && <CopiedBubble />}
        </Box>
      )}
    </CopyButton>
  );
}

export function CopyLink({ value, children }: { value: string; children: React.ReactNode }) {
  const { t } = useLingui();
  return (
    <CopyButton value={value} timeout={copyHintDuration.link}>
      {({ copied, copy }) => (
        <Anchor component="button" type="button" onClick={copy} aria-live="polite">
          {copied ? t`Copied` : children}
        </Anchor>
      )}
    </CopyButton>
  );
}
