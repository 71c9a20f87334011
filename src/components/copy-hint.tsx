// Copy to clipboard with the "Copied" hint: 3 s on icons, 1.5 s on links (spec §4 "Other").
import { ActionIcon, Anchor, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

export const copyHintDuration = { icon: 3000, link: 1500 } as const;

export function CopyIconButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  return (
    <CopyButton value={value} timeout={copyHintDuration.icon}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t`Copied` : label} withArrow opened={copied || undefined}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? t`Copied` : label}>
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
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
