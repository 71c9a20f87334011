// /lotteries (issue 29): the tenant's raffles on sale, drawing (filled) and finished, as cards: the prize, the
// ticket price, the tickets left, the time left and a premium badge. A premium raffle the member cannot enter says
// why and what gives access (a link to the tariffs), never a dead button.
import { Alert, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isAppError } from '../../../domain/app-error';
import type { RaffleStatus } from '../../../domain/lotteries';
import type { Raffle } from '../../../machines/lotteries/lotteries.types';
import { lotteriesQueryOptions } from '../../api/lotteries';
import { RouterAnchor, RouterButton } from '../../components/router-links';
import { appErrorText } from '../../lib/app-error-text';
import { useTenant } from '../../lib/tenant-context';
import { entryBlockTexts, raffleStatusNames } from './lotteries.messages';
import { RaffleBadges, RaffleFigures, RaffleImage } from './raffle-parts';

function RaffleCard({ raffle }: { raffle: Raffle }) {
  const { i18n } = useLingui();
  const titleId = `raffle-${raffle.id}`;
  const blocked = raffle.status === 'active' && !raffle.viewerCanEnter && raffle.viewerReason;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId}>
      <Card.Section>
        <RaffleImage raffle={raffle} height={140} />
      </Card.Section>
      <Stack gap="sm" mt="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={titleId}>
            {raffle.name}
          </Title>
          <RaffleBadges raffle={raffle} />
        </Group>
        <RaffleFigures raffle={raffle} />
        {blocked && (
          <Text size="sm" c="dimmed" data-testid="raffle-blocked">
            {i18n._(entryBlockTexts[raffle.viewerReason!])}{' '}
            {raffle.viewerReason === 'PremiumRequired' && raffle.accessTariffs.length > 0 && (
              <Trans>It comes with {raffle.accessTariffs.join(', ')}.</Trans>
            )}
          </Text>
        )}
        <Group mt="auto">
          <RouterButton to="/lotteries/$id" params={{ id: raffle.id }} variant={raffle.status === 'active' && raffle.viewerCanEnter ? 'filled' : 'default'} aria-describedby={titleId}>
            {raffle.status === 'active' && raffle.viewerCanEnter ? <Trans>Buy tickets</Trans> : <Trans>View</Trans>}
          </RouterButton>
          {blocked && raffle.viewerReason === 'PremiumRequired' && (
            <RouterAnchor to="/tariffs" size="sm">
              <Trans>See the tariffs</Trans>
            </RouterAnchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function LotteriesView() {
  const { t, i18n } = useLingui();
  const tenant = useTenant();
  const [status, setStatus] = useState<RaffleStatus>('active');
  const query = useQuery(lotteriesQueryOptions(tenant.uuid, true));
  const shown = query.data?.filter((raffle) => raffle.status === status) ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t`Raffles`}
          value={status}
          onChange={(value) => setStatus(value === 'filled' || value === 'finished' ? value : 'active')}
          data={(['active', 'filled', 'finished'] as const).map((value) => ({ value, label: i18n._(raffleStatusNames[value]) }))}
        />
        <RouterAnchor to="/my-lotteries" size="sm">
          <Trans>My lotteries</Trans>
        </RouterAnchor>
      </Group>
      {query.isError && (
        <Alert color="red" role="alert">
          {appErrorText(isAppError(query.error) ? query.error : { code: 'unknown' })}
        </Alert>
      )}
      {query.isPending && <Skeleton h={320} aria-label={t`Loading`} />}
      {query.data && shown.length === 0 && (
        <Card withBorder>
          <Text c="dimmed" data-testid="raffles-empty">
            <Trans>No raffles here.</Trans>
          </Text>
        </Card>
      )}
      {shown.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="raffles">
          {shown.map((raffle) => (
            <RaffleCard key={raffle.id} raffle={raffle} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
