// /projects (issue 28; spec §2: public, the member layout when signed in): the tenant's crowdfunding projects as
// cards, active or finished: the cover, the progress with paid and pending apart, the goal, the days left and
// the return. Invest leads a member to the project's page and a visitor to log in first, then back to it.
import { Alert, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isAppError } from '../../../domain/app-error';
import type { ProjectStatus } from '../../../domain/crowdfunding';
import type { Project } from '../../../machines/crowdfunding/crowdfunding.types';
import { crowdfundingProjectsQueryOptions } from '../../api/crowdfunding';
import { RouterButton } from '../../components/router-links';
import { appErrorText } from '../../lib/app-error-text';
import { useTenant } from '../../lib/tenant-context';
import { ProjectCover, ProjectFigures, ProjectProgress, ProjectStatusBadge } from './project-parts';

function ProjectCard({ project, signedIn }: { project: Project; signedIn: boolean }) {
  const titleId = `project-${project.id}`;
  const open = project.status === 'active';
  const page = `/crowdfunding/${project.id}`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId}>
      <Card.Section>
        <ProjectCover project={project} height={160} />
      </Card.Section>
      <Stack gap="sm" mt="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={titleId}>
            {project.name}
          </Title>
          <ProjectStatusBadge project={project} />
        </Group>
        <Text size="sm">{project.excerpt}</Text>
        <ProjectProgress project={project} />
        <ProjectFigures project={project} />
        <Group mt="auto">
          {signedIn ? (
            <RouterButton to="/crowdfunding/$id" params={{ id: project.id }} variant={open ? 'filled' : 'default'} aria-describedby={titleId}>
              {open ? <Trans>Invest</Trans> : <Trans>View</Trans>}
            </RouterButton>
          ) : (
            <RouterButton to="/login" search={{ to: page }} variant={open ? 'filled' : 'default'} aria-describedby={titleId}>
              {open ? <Trans>Log in to invest</Trans> : <Trans>Log in to view</Trans>}
            </RouterButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function ProjectsView({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  const tenant = useTenant();
  const [status, setStatus] = useState<ProjectStatus>('active');
  const query = useQuery(crowdfundingProjectsQueryOptions(tenant.uuid, signedIn));
  const shown = query.data?.filter((project) => project.status === status) ?? [];
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t`Projects`}
        value={status}
        onChange={(value) => setStatus(value === 'finished' ? 'finished' : 'active')}
        data={[
          { value: 'active', label: t`Active` },
          { value: 'finished', label: t`Finished` },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {query.isError && (
        <Alert color="red" role="alert">
          {appErrorText(isAppError(query.error) ? query.error : { code: 'unknown' })}
        </Alert>
      )}
      {query.isPending && <Skeleton h={320} aria-label={t`Loading`} />}
      {query.data && shown.length === 0 && (
        <Card withBorder>
          <Text c="dimmed" data-testid="projects-empty">
            {status === 'active' ? <Trans>No project is raising money now.</Trans> : <Trans>No finished projects yet.</Trans>}
          </Text>
        </Card>
      )}
      {shown.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="projects">
          {shown.map((project) => (
            <ProjectCard key={project.id} project={project} signedIn={signedIn} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
