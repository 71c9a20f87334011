// What a raffle's card and its page both show: the image, the status and premium badges, the prize, the ticket
// price, the tickets left as a bar, and the time left counted down from ends_at.
import { Badge, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Raffle } from '../../../machines/lotteries/lotteries.types';
import { TimeLeft as SharedTimeLeft } from '../../components/countdown';
import { Figure } from '../../components/figure';
import { StatusBadge } from '../../components/status-badge';
import { wallClock } from '../../lib/clock';
import { formatDate, formatMoney } from '../../lib/format';
import { raffleStatusNames } from './lotteries.messages';

export function RaffleBadges({ raffle }: { raffle: Raffle }) {
  const { i18n } = useLingui();
  return (
    <Group gap={6}>
      <StatusBadge status={raffle.status === 'active' ? 'active' : raffle.status === 'filled' ? 'pending' : 'finished'} label={i18n._(raffleStatusNames[raffle.status])} />
      {raffle.premiumOnly && (
        <Badge size="sm" variant="dot" color="grape" data-testid="premium-badge">
          <Trans>Premium</Trans>
        </Badge>
      )}
    </Group>
  );
}

/** The time left to ends_at, in days and hours, then hours and minutes, then minutes and seconds. */
export function TimeLeft({ endsAt }: { endsAt: string }) {
  const { t } = useLingui();
  return <SharedTimeLeft deadline={Date.parse(endsAt)} clock={wallClock} ended={t`Ended`} />;
}

export function RaffleFigures({ raffle }: { raffle: Raffle }) {
  const { t } = useLingui();
  const left = raffle.ticketsTotal - raffle.ticketsSold;
  const prize = raffle.prizes[0];
  return (
    <Stack gap="xs">
      <Progress value={(raffle.ticketsSold / Math.max(1, raffle.ticketsTotal)) * 100} size="md" aria-hidden />
      <Text size="sm" data-testid="raffle-tickets-left">
        <Trans>
          {left} of <Plural value={raffle.ticketsTotal} one="# ticket left" other="# tickets left" />
        </Trans>
      </Text>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
        <Figure label={raffle.prizes.length > 1 ? t`First prize` : t`Prize`} testId="raffle-prize">
          {prize ? formatMoney(prize.amount, prize.currency) : '—'}
        </Figure>
        <Figure label={t`Ticket`} testId="raffle-price">
          {formatMoney(raffle.ticketPrice, raffle.currency)}
        </Figure>
        <Figure label={raffle.status === 'active' ? t`Time left` : t`Ended`} testId="raffle-time">
          {raffle.status === 'active' ? <TimeLeft endsAt={raffle.endsAt} /> : formatDate(raffle.drawnAt ?? raffle.endsAt)}
        </Figure>
        <Figure label={t`Your tickets`} testId="raffle-mine">
          {String(raffle.viewerTickets.length)}
        </Figure>
      </SimpleGrid>
    </Stack>
  );
}

export function RaffleImage({ raffle, height }: { raffle: Raffle; height: number }) {
  if (!raffle.image) return null;
  return <Image src={raffle.image} alt="" h={height} fit="cover" />;
}
