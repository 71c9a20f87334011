// The raffle page's Buy panel (issue 29): how many tickets (1 to what is left and the member's maximum, within the
// balance), the total, a confirmation, and the ticket numbers at once. A raffle no longer on sale, or one the
// member cannot enter, says why (and, for a premium raffle, what gives access).
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import * as buy from '../../../machines/lotteries/buy-tickets.selectors';
import type { Raffle } from '../../../machines/lotteries/lotteries.types';
import { RouterAnchor } from '../../components/router-links';
import { formatMoney } from '../../lib/format';
import { BuyTicketsContext } from './lotteries.contexts';
import { entryBlockTexts } from './lotteries.messages';

function Blocked({ raffle }: { raffle: Raffle }) {
  const { i18n } = useLingui();
  const reason = raffle.viewerReason ?? 'Finished';
  return (
    <Alert color="blue" title={i18n._(entryBlockTexts[reason])} data-testid="buy-blocked">
      {reason === 'PremiumRequired' && (
        <Stack gap="xs" align="flex-start">
          {raffle.accessTariffs.length > 0 && (
            <Text size="sm">
              <Trans>It comes with {raffle.accessTariffs.join(', ')}.</Trans>
            </Text>
          )}
          <RouterAnchor to="/tariffs" size="sm">
            <Trans>See the tariffs</Trans>
          </RouterAnchor>
        </Stack>
      )}
    </Alert>
  );
}

function QuantityForm({ raffle }: { raffle: Raffle }) {
  const { t } = useLingui();
  const actor = BuyTicketsContext.useActorRef();
  const quantity = BuyTicketsContext.useSelector(buy.selectQuantity);
  const quantityError = BuyTicketsContext.useSelector(buy.selectQuantityError);
  const most = BuyTicketsContext.useSelector(buy.selectMost);
  const total = BuyTicketsContext.useSelector(buy.selectTotal);
  const balance = BuyTicketsContext.useSelector(buy.selectBalance);
  const choosing = BuyTicketsContext.useSelector(buy.selectChoosing);
  const refreshing = BuyTicketsContext.useSelector(buy.selectRefreshing);
  const money = (value: string) => formatMoney(value, raffle.currency);
  const messages = {
    required: t`Enter how many tickets`,
    max: t`You can buy at most ${plural(most, { one: '# ticket', other: '# tickets' })} here`,
    balance: t`Your balance is ${money(balance)}: deposit first, or buy fewer`,
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'buy.submit' });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="buy-balance">
          <Trans>Available on your balance: {money(balance)}</Trans>
        </Text>
        <TextInput
          label={t`Tickets`}
          description={t`From 1 to ${most}, ${money(raffle.ticketPrice)} each`}
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          onChange={(event) => actor.send({ type: 'quantity.change', value: event.currentTarget.value })}
          error={quantityError ? messages[quantityError] : undefined}
          readOnly={!choosing}
        />
        {total && (
          <Text size="sm" fw={600} data-testid="buy-total">
            <Trans>Total: {money(total)}</Trans>
          </Text>
        )}
        {quantityError === 'balance' && (
          <RouterAnchor to="/balance" size="sm">
            <Trans>Go to Balance to deposit</Trans>
          </RouterAnchor>
        )}
        {(choosing || refreshing) && (
          <Group>
            <Button type="submit" loading={refreshing}>
              <Trans>Continue</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function Confirmation({ raffle }: { raffle: Raffle }) {
  const actor = BuyTicketsContext.useActorRef();
  const quantity = BuyTicketsContext.useSelector(buy.selectQuantity);
  const total = BuyTicketsContext.useSelector(buy.selectTotal);
  const buying = BuyTicketsContext.useSelector(buy.selectBuying);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="buy-confirm-title" data-testid="buy-confirmation">
      <Stack gap="xs">
        <Title order={3} size="h5" id="buy-confirm-title">
          <Trans>Check and confirm</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            {raffle.name}: {quantity} × {formatMoney(raffle.ticketPrice, raffle.currency)} = {formatMoney(total ?? '0', raffle.currency)}, from your
            balance.
          </Trans>
        </Text>
        <Group mt="xs">
          <Button variant="default" onClick={() => actor.send({ type: 'buy.back' })} disabled={buying}>
            <Trans>Back</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'buy.confirm' })} loading={buying}>
            <Trans>Confirm and buy</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Bought({ raffle }: { raffle: Raffle }) {
  const actor = BuyTicketsContext.useActorRef();
  const purchase = BuyTicketsContext.useSelector(buy.selectPurchase)!;
  const numbers = purchase.tickets.map((ticket) => `#${ticket}`).join(', ');
  return (
    <Alert color="green" title={<Trans>Your tickets: {numbers}</Trans>} data-testid="buy-done">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <Trans>
            {formatMoney(purchase.amount, purchase.currency)} came off your balance. The draw is when the last ticket sells or the raffle ends.
          </Trans>
        </Text>
        <Group>
          {raffle.status === 'active' && (
            <Button size="xs" variant="light" onClick={() => actor.send({ type: 'buy.again' })}>
              <Trans>Buy more</Trans>
            </Button>
          )}
          <RouterAnchor to="/my-lotteries" size="sm">
            <Trans>My lotteries</Trans>
          </RouterAnchor>
        </Group>
      </Stack>
    </Alert>
  );
}

export function BuyPanel() {
  const raffle = BuyTicketsContext.useSelector(buy.selectRaffle)!;
  const closed = BuyTicketsContext.useSelector(buy.selectClosed);
  const blocked = BuyTicketsContext.useSelector(buy.selectBlocked);
  const formShown = BuyTicketsContext.useSelector(buy.selectFormShown);
  const confirming = BuyTicketsContext.useSelector(buy.selectConfirming);
  const purchase = BuyTicketsContext.useSelector(buy.selectPurchase);
  if (closed) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="buy-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="buy-title">
          <Trans>Buy tickets</Trans>
        </Title>
        {blocked && <Blocked raffle={raffle} />}
        {formShown && <QuantityForm raffle={raffle} />}
        {confirming && <Confirmation raffle={raffle} />}
        {purchase && <Bought raffle={raffle} />}
      </Stack>
    </Card>
  );
}
