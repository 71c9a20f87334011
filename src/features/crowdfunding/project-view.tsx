// /crowdfunding/{id} (issue 28): a project's gallery, description, documents and figures, the member's own
// holdings in it, and the Invest panel (invest-panel.tsx). The page's flow (InvestContext) loads the project,
// the member's holdings and their balance, and runs the investment.
import { Alert, Anchor, Card, Grid, Group, Image, List, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as invest from '../../../machines/crowdfunding/invest.selectors';
import type { Holding, Project } from '../../../machines/crowdfunding/crowdfunding.types';
import { LoadError, Loading } from '../../components/load-state';
import { RichText } from '../../components/rich-text';
import { RouterAnchor } from '../../components/router-links';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, formatMoney } from '../../lib/format';
import { InvestContext } from './crowdfunding.contexts';
import { holdingStatusNames } from './crowdfunding.messages';
import { InvestPanel } from './invest-panel';
import { ProjectFigures, ProjectProgress, ProjectStatusBadge } from './project-parts';

function Gallery({ project }: { project: Project }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(0);
  const images = project.images;
  if (images.length === 0) return null;
  return (
    <Stack gap="xs">
      <Image src={images[Math.min(shown, images.length - 1)]} alt={t`${project.name}, picture ${shown + 1} of ${images.length}`} radius="md" h={280} fit="cover" />
      {images.length > 1 && (
        <Group gap="xs" role="group" aria-label={t`Pictures`}>
          {images.map((src, index) => (
            <UnstyledButton key={src} onClick={() => setShown(index)} aria-label={t`Show picture ${index + 1}`} aria-pressed={index === shown}>
              <Image src={src} alt="" w={72} h={48} radius="sm" fit="cover" style={{ outline: index === shown ? '2px solid var(--mantine-primary-color-filled)' : undefined }} />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function OwnHoldings({ holdings }: { holdings: Holding[] }) {
  const { t, i18n } = useLingui();
  if (holdings.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="own-holdings-title" data-testid="own-holdings">
      <Stack gap="xs">
        <Title order={3} size="h5" id="own-holdings-title">
          <Trans>Your holdings here</Trans>
        </Title>
        {holdings.map((holding) => (
          <Group key={holding.id} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {formatMoney(holding.amount, holding.currency)}
            </Text>
            <StatusBadge status={holding.status} label={i18n._(holdingStatusNames[holding.status])} />
            {holding.nextPayoutAt && holding.nextPayoutAmount && (
              <Text size="xs" c="dimmed" w="100%">
                {t`Next payout ${formatMoney(holding.nextPayoutAmount, holding.currency)} on ${formatDate(holding.nextPayoutAt)}`}
              </Text>
            )}
          </Group>
        ))}
        <RouterAnchor to="/briefcase" size="sm">
          <Trans>Open the briefcase</Trans>
        </RouterAnchor>
      </Stack>
    </Card>
  );
}

export function ProjectView() {
  const actor = InvestContext.useActorRef();
  const loading = InvestContext.useSelector(invest.selectLoading);
  const loadFailed = InvestContext.useSelector(invest.selectLoadFailed);
  const missing = InvestContext.useSelector(invest.selectMissing);
  const project = InvestContext.useSelector(invest.selectProject);
  const holdings = InvestContext.useSelector(invest.selectHoldings);
  if (loading) return <Loading label={<Trans>Loading the project…</Trans>} />;
  if (loadFailed) return <LoadError what={<Trans>The project could not be loaded.</Trans>} retry={() => actor.send({ type: 'load.retry' })} />;
  if (missing || !project) {
    return (
      <Alert color="gray" title={<Trans>No such project</Trans>}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>This portal has no such project.</Trans>
          </Text>
          <RouterAnchor to="/projects" size="sm">
            <Trans>See all projects</Trans>
          </RouterAnchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={2} size="h3">
          {project.name}
        </Title>
        <ProjectStatusBadge project={project} />
      </Group>
      <Grid gap="lg">
        {/* On a phone the figures and Invest come first, the gallery and the description after them. */}
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <Gallery project={project} />
            <Text>{project.excerpt}</Text>
            <RichText html={project.description} testId="project-description" />
            {project.documents.length > 0 && (
              <section aria-labelledby="project-documents-title">
                <Title order={3} size="h5" id="project-documents-title" mb="xs">
                  <Trans>Project documents</Trans>
                </Title>
                <List size="sm">
                  {project.documents.map((document) => (
                    <List.Item key={document.url}>
                      <Anchor href={document.url} target="_blank" rel="noopener noreferrer">
                        {document.name}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Stack gap="sm">
                <ProjectProgress project={project} />
                <ProjectFigures project={project} />
              </Stack>
            </Card>
            <InvestPanel />
            <OwnHoldings holdings={holdings} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
