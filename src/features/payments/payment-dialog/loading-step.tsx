// The invoice and the tenant's ways to pay are loading.
import { Group, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export function LoadingStep() {
  const { t } = useLingui();
  return (
    <Group justify="center" py="xl">
      <Loader aria-label={t`Loading`} />
    </Group>
  );
}
