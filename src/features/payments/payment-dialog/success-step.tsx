// Step 5: paid. Where the dialog stays on it (a deposit), Done closes it.
import { Button, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';

export function SuccessStep({ onDone }: { onDone?: () => void }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <IconCircleCheck size={40} color="var(--mantine-color-green-7)" aria-hidden />
      <Text role="status" style={{ flex: 1 }}>
        <Trans>Paid. Thank you!</Trans>
      </Text>
      {onDone && (
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      )}
    </Group>
  );
}
