// Recovery codes as they show once (after turning two-factor on, or when new ones are made): the 10 codes,
// copy and download, and the "I have saved these codes" confirmation the dialog waits for.
import { Button, Checkbox, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import { CopyIconButton } from '../../components/copy-hint';

function download(codes: readonly string[], name: string) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesList({
  codes,
  saved,
  onSavedChange,
}: {
  codes: readonly string[];
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>
          If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only
          now: keep them somewhere safe.
        </Trans>
      </Text>
      <SimpleGrid cols={2} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Recovery codes`} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyIconButton value={codes.join('\n')} label={t`Copy the recovery codes`} />
        <Button variant="light" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => download(codes, 'recovery-codes.txt')}>
          <Trans>Download</Trans>
        </Button>
      </Group>
      <Checkbox
        checked={saved}
        onChange={(event) => onSavedChange(event.currentTarget.checked)}
        label={t`I have saved these codes`}
        data-autofocus
      />
    </Stack>
  );
}
