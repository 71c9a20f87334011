// Error screens (spec §8 "Texts"): 404 page not found with a link home; 408 something went wrong; any
// other code "Error {code}".
import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { RouterButton } from '../../components/router-links';

function ErrorScreen({ code, title, children }: { code: number; title: string; children?: React.ReactNode }) {
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <Text fz={64} fw={800} c="dimmed" aria-hidden lh={1}>
        {code}
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <ErrorScreen code={404} title={t`Page not found`}>
      <RouterButton to="/">
        <Trans>Go to the home page</Trans>
      </RouterButton>
    </ErrorScreen>
  );
}

export function RequestTimeoutScreen({ onRetry, retrying }: { onRetry?: () => void; retrying?: boolean }) {
  const { t } = useLingui();
  return (
    <ErrorScreen code={408} title={t`Something went wrong`}>
      <Text c="dimmed" maw={420}>
        <Trans>The portal could not load its settings. Check your connection and try again.</Trans>
      </Text>
      {onRetry && (
        <Button onClick={onRetry} loading={retrying}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </ErrorScreen>
  );
}

export function ErrorCodeScreen({ code }: { code: number }) {
  const { t } = useLingui();
  return (
    <ErrorScreen code={code} title={t`Error ${code}`}>
      <RouterButton to="/" data-testid="error-home">
        <Trans>Go to the home page</Trans>
      </RouterButton>
    </ErrorScreen>
  );
}
