import { Center, Loader, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export function SigningInView() {
  return (
    <Center py="xl" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>
          <Trans>Signing you in…</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
