// What both CMS pages share: the module a /template/{id} names (from the tenant's moduleCms list), and the
// page's not-found, failure and loading states.
import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { moduleCmsQueryOptions } from '../../api/shell';
import { isCmsRefused, type CmsModule } from '../../api/cms';
import { useTenant } from '../../lib/tenant-context';
import { RouterAnchor } from '../../components/router-links';

export type ModuleLookup = { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'missing' } | { state: 'found'; module: CmsModule };

/** The tenant's CMS module with this id. */
export function useCmsModule(moduleId: string): ModuleLookup {
  const tenant = useTenant();
  const modules = useQuery(moduleCmsQueryOptions(tenant.uuid));
  if (modules.isPending) return { state: 'loading' };
  if (modules.isError) return { state: 'failed', retry: () => void modules.refetch() };
  const module = modules.data.moduleCms.find((candidate) => candidate.id === moduleId);
  return module ? { state: 'found', module } : { state: 'missing' };
}

/** Spec §8's not-found text for templates, with a way on. */
export function TemplateNotFound({ children }: { children?: ReactNode }) {
  return (
    <Stack gap="sm" align="flex-start" data-testid="cms-not-found">
      <Alert color="yellow" role="status" w="100%">
        <Trans>Template not found.</Trans>
      </Alert>
      {children ?? (
        <RouterAnchor to="/dashboard">
          <Trans>Go to the dashboard</Trans>
        </RouterAnchor>
      )}
    </Stack>
  );
}

/** A load that failed: why, and a retry where retrying can help. */
export function CmsLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = isCmsRefused(error);
  return (
    <Alert color="red" role="alert" data-testid="cms-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {refused ? (
            <Trans>The content server did not accept this page's access settings. Please tell support.</Trans>
          ) : (
            <Trans>This page could not be loaded.</Trans>
          )}
        </Text>
        {!refused && (
          <Button size="xs" variant="light" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Placeholders in the shape of what is coming, announced once. */
export function CmsLoading({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="md" aria-busy="true">
      <Text role="status" size="sm" c="dimmed">
        <Trans>Loading…</Trans>
      </Text>
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton height={72} radius="md" />
        </Group>
      ))}
    </Stack>
  );
}
