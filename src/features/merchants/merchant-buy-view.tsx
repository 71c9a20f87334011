// Buying a coin from a merchant (/merchants/buy/{symbol}, issue 27): what the member pays in the balance's
// currency and about how much of the coin it buys at today's price; "Get a price" locks the price for 15
// minutes, shown with its countdown; "Buy and pay" opens the invoice to pay (balance or a gateway). When the
// lock ends the price cannot be bought any more and the page offers a new one. Nothing typed is lost.
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as buy from '../../../machines/merchants/merchant-buy.selectors';
import { plain } from '../../../domain/money';
import { Countdown } from '../../components/countdown';
import { LoadError, Loading } from '../../components/load-state';
import { RouterAnchor } from '../../components/router-links';
import { clockOf } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { MerchantBuyContext } from './merchants.contexts';

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A coin amount as exact as the wallet holds it (8 decimals, no trailing zeros). */
const coins = (amount: string, symbol: string) => `${plain(amount)} ${symbol}`;

export function MerchantBuyView() {
  const actor = MerchantBuyContext.useActorRef();
  const loading = MerchantBuyContext.useSelector(buy.selectLoading);
  const loadFailed = MerchantBuyContext.useSelector(buy.selectLoadFailed);
  const notSold = MerchantBuyContext.useSelector(buy.selectNotSold);
  const asset = MerchantBuyContext.useSelector(buy.selectAsset);
  const symbol = MerchantBuyContext.useSelector(buy.selectSymbol);
  if (loading) return <Loading label={<Trans>Loading the price…</Trans>} />;
  if (loadFailed) return <LoadError what={<Trans>The price could not be loaded.</Trans>} retry={() => actor.send({ type: 'load.retry' })} />;
  if (notSold || !asset) {
    return (
      <Alert color="gray" title={<Trans>{symbol} is not sold here</Trans>}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>This portal does not sell {symbol}. The coins it sells are offered on your balance page.</Trans>
          </Text>
          <RouterAnchor to="/balance" size="sm">
            <Trans>Go to Balance</Trans>
          </RouterAnchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={560}>
      <Title order={2} size="h3">
        <Trans>
          Buy {asset.name} ({asset.symbol})
        </Trans>
      </Title>
      <AmountForm />
      <QuoteCard />
    </Stack>
  );
}

function AmountForm() {
  const { t } = useLingui();
  const actor = MerchantBuyContext.useActorRef();
  const asset = MerchantBuyContext.useSelector(buy.selectAsset)!;
  const balance = MerchantBuyContext.useSelector(buy.selectBalance);
  const amount = MerchantBuyContext.useSelector(buy.selectAmount);
  const amountError = MerchantBuyContext.useSelector(buy.selectAmountError);
  const estimate = MerchantBuyContext.useSelector(buy.selectEstimate);
  const editing = MerchantBuyContext.useSelector(buy.selectEditing);
  const busy = MerchantBuyContext.useSelector(buy.selectQuoting);
  const pay = asset.payCurrency;
  const [min, max] = [plain(asset.minAmount), plain(asset.maxAmount)];
  const amountMessage =
    amountError === 'required'
      ? t`Enter the amount`
      : amountError === 'min'
        ? t`The minimum amount is ${min} ${pay}`
        : amountError === 'max'
          ? t`The maximum amount is ${max} ${pay}`
          : undefined;
  const rate = formatMoney(asset.rate, pay);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="merchant-amount-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'quote.request' });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id="merchant-amount-title">
            <Trans>How much do you want to spend?</Trans>
          </Title>
          <Text size="sm" c="dimmed" data-testid="merchant-rate">
            <Trans>
              Price now: 1 {asset.symbol} ≈ {rate}
            </Trans>
          </Text>
          {balance !== null && (
            <Text size="sm" data-testid="merchant-balance">
              <Trans>Available on your balance: {formatMoney(balance, pay)}</Trans>
            </Text>
          )}
          <TextInput
            label={t`You pay (${pay})`}
            description={t`From ${min} to ${max} ${pay}`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => actor.send({ type: 'amount.change', value: event.currentTarget.value })}
            error={amountMessage}
            rightSection={pay}
            rightSectionWidth={64}
            readOnly={!editing}
          />
          {estimate && editing && (
            <Text size="sm" data-testid="merchant-estimate">
              <Trans>You get about {coins(estimate, asset.symbol)} (an estimate: the price is fixed when you get it)</Trans>
            </Text>
          )}
          {/* Keyed apart: React must not turn the clicked Change button into the submit button mid-click (the browser would submit). */}
          {editing || busy ? (
            <Group key="get">
              <Button type="submit" loading={busy}>
                <Trans>Get a price</Trans>
              </Button>
            </Group>
          ) : (
            <Group key="change">
              <Button type="button" variant="default" onClick={() => actor.send({ type: 'amount.edit' })}>
                <Trans>Change the amount</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function QuoteCard() {
  const actor = MerchantBuyContext.useActorRef();
  const asset = MerchantBuyContext.useSelector(buy.selectAsset)!;
  const quote = MerchantBuyContext.useSelector(buy.selectQuote);
  const deadline = MerchantBuyContext.useSelector(buy.selectDeadline);
  const expired = MerchantBuyContext.useSelector(buy.selectExpired);
  const buying = MerchantBuyContext.useSelector(buy.selectBuying);
  if (expired) {
    return (
      <Alert color="orange" role="alert" title={<Trans>This price has expired</Trans>} data-testid="merchant-expired">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>A price is held for 15 minutes. Get a new one to buy at the current rate.</Trans>
          </Text>
          <Button size="sm" onClick={() => actor.send({ type: 'quote.refresh' })}>
            <Trans>Get a new price</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!quote || deadline === null) return null;
  const pay = formatMoney(quote.amount, quote.payCurrency);
  const get = coins(quote.assetAmount, asset.symbol);
  const rate = formatMoney(quote.rate, quote.payCurrency);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="merchant-quote-title" data-testid="merchant-quote">
      <Stack gap="xs">
        <Title order={3} size="h5" id="merchant-quote-title">
          <Trans>Your price</Trans>
        </Title>
        <Text data-testid="merchant-quote-rate">
          <Trans>
            1 {asset.symbol} = {rate}
          </Trans>
        </Text>
        <Text data-testid="merchant-quote-pay">
          <Trans>You pay {pay}</Trans>
        </Text>
        <Text fw={700} data-testid="merchant-quote-get">
          <Trans>You get {get}</Trans>
        </Text>
        <Countdown
          deadline={deadline}
          clock={clockOf(actor)}
          render={(left) => (
            <>
              <Text size="sm" fw={600} aria-hidden data-testid="merchant-lock">
                <Trans>Price held for {left}</Trans>
              </Text>
              <span role="status" aria-live="polite" style={visuallyHidden}>
                <Plural value={Number(left.split(':')[0])} one="Price held for # more minute" other="Price held for # more minutes" />
              </span>
            </>
          )}
        />
        <Group mt="xs">
          <Button onClick={() => actor.send({ type: 'quote.buy' })} loading={buying}>
            <Trans>Buy and pay</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
