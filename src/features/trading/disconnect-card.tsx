// Disconnecting with a reason, for an exchange account (issue 31) and a copy connection (issue 32): what it does, the
// reason (1-400 characters, with a counter, its problem beside it; kept when the call fails), Disconnect and the way
// back. The flow behind it says what is typed, whether it is busy and what the buttons do.
import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ReasonField } from './reason-field';

export function DisconnectCard({
  titleId,
  title,
  consequence,
  keepLabel,
  reason,
  reasonError,
  busy,
  onReason,
  onConfirm,
  onCancel,
}: {
  titleId: string;
  title: ReactNode;
  consequence: ReactNode;
  keepLabel: ReactNode;
  reason: string;
  reasonError: string | null;
  busy: boolean;
  onReason: (value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} w="100%">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h5" id={titleId}>
            {title}
          </Title>
          <Text size="sm">{consequence}</Text>
          <ReasonField label={t`Reason`} value={reason} error={reasonError} busy={busy} onChange={onReason} />
          <Group>
            <Button type="submit" color="red.9" loading={busy}>
              <Trans>Disconnect</Trans>
            </Button>
            <Button variant="default" disabled={busy} onClick={onCancel}>
              {keepLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
