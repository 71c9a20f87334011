// /lotteries/{id} (issue 29): a raffle's details, its prizes, the member's tickets, the Buy panel, and once drawn
// the winners and the proof (given by the route as `proof`, which runs the verification flow). The page's flow
// (BuyTicketsContext) loads the raffle and the balance and runs the purchase.
import { Alert, Card, Grid, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import * as buy from '../../../machines/lotteries/buy-tickets.selectors';
import type { Raffle } from '../../../machines/lotteries/lotteries.types';
import type { DrawProof } from '../../../machines/lotteries/verify-draw.types';
import { LoadError, Loading } from '../../components/load-state';
import { RichText } from '../../components/rich-text';
import { RouterAnchor } from '../../components/router-links';
import { formatDateTime, formatMoney } from '../../lib/format';
import { BuyTicketsContext } from './lotteries.contexts';
import { BuyPanel } from './buy-panel';
import { RaffleBadges, RaffleFigures, RaffleImage } from './raffle-parts';

/** What "Verify the draw" checks, once the raffle is drawn with winners. */
const proofOf = (raffle: Raffle): DrawProof | null =>
  raffle.seed && raffle.winners.length > 0
    ? { seed: raffle.seed, seedHash: raffle.seedHash, tickets: raffle.drawnTickets, winners: raffle.winners.map((winner) => winner.ticket) }
    : null;

function Result({ raffle, proof }: { raffle: Raffle; proof: (proof: DrawProof) => ReactNode }) {
  const { t } = useLingui();
  if (raffle.status === 'filled') {
    return (
      <Alert color="blue" data-testid="raffle-result">
        <Trans>Every ticket is sold: the draw is coming.</Trans>
      </Alert>
    );
  }
  if (raffle.status !== 'finished') return null;
  const drawn = proofOf(raffle);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="result-title" data-testid="raffle-result">
      <Stack gap="sm">
        <Title order={3} size="h5" id="result-title">
          <Trans>Result</Trans>
        </Title>
        {raffle.refundedAt ? (
          <Text size="sm">
            <Trans>The raffle did not sell its minimum: every ticket was refunded to the balance.</Trans>
          </Text>
        ) : raffle.winners.length === 0 ? (
          <Text size="sm">
            <Trans>The raffle ended with no ticket sold.</Trans>
          </Text>
        ) : (
          <Table data-testid="winners">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Place`}</Table.Th>
                <Table.Th>{t`Ticket`}</Table.Th>
                <Table.Th>{t`Winner`}</Table.Th>
                <Table.Th ta="right">{t`Prize`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {raffle.winners.map((winner) => (
                <Table.Tr key={winner.place}>
                  <Table.Td>{winner.place}</Table.Td>
                  <Table.Td>#{winner.ticket}</Table.Td>
                  <Table.Td>{winner.name}</Table.Td>
                  <Table.Td ta="right">{formatMoney(winner.amount, winner.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {raffle.drawnAt && (
          <Text size="xs" c="dimmed">
            <Trans>Drawn {formatDateTime(raffle.drawnAt)}</Trans>
          </Text>
        )}
        {drawn && proof(drawn)}
      </Stack>
    </Card>
  );
}

export function RaffleView({ proof }: { proof: (proof: DrawProof) => ReactNode }) {
  const actor = BuyTicketsContext.useActorRef();
  const loading = BuyTicketsContext.useSelector(buy.selectLoading);
  const loadFailed = BuyTicketsContext.useSelector(buy.selectLoadFailed);
  const missing = BuyTicketsContext.useSelector(buy.selectMissing);
  const raffle = BuyTicketsContext.useSelector(buy.selectRaffle);
  if (loading) return <Loading label={<Trans>Loading the raffle…</Trans>} />;
  if (loadFailed) return <LoadError what={<Trans>The raffle could not be loaded.</Trans>} retry={() => actor.send({ type: 'load.retry' })} />;
  if (missing || !raffle) {
    return (
      <Alert color="gray" title={<Trans>No such raffle</Trans>}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>This portal has no such raffle.</Trans>
          </Text>
          <RouterAnchor to="/lotteries" size="sm">
            <Trans>See all raffles</Trans>
          </RouterAnchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={2} size="h3">
          {raffle.name}
        </Title>
        <RaffleBadges raffle={raffle} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <RaffleImage raffle={raffle} height={220} />
            <RichText html={raffle.description} testId="raffle-description" />
            <section aria-labelledby="prizes-title">
              <Title order={3} size="h5" id="prizes-title" mb="xs">
                <Trans>Prizes</Trans>
              </Title>
              <List size="sm" data-testid="raffle-prizes">
                {raffle.prizes.map((prize) => (
                  <List.Item key={prize.place}>
                    <Trans>
                      Place {prize.place}: {formatMoney(prize.amount, prize.currency)}
                    </Trans>
                  </List.Item>
                ))}
              </List>
            </section>
            <Result raffle={raffle} proof={proof} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <RaffleFigures raffle={raffle} />
            </Card>
            {raffle.viewerTickets.length > 0 && (
              <Text size="sm" data-testid="raffle-my-tickets">
                <Trans>Your tickets: {raffle.viewerTickets.map((ticket) => `#${ticket}`).join(', ')}</Trans>
              </Text>
            )}
            <BuyPanel />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
