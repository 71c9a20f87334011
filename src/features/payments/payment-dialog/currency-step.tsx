// Step 2: the coin (CoinPayments) or network (cpay) to pay in, with its minimum.
import { Button, Group, Radio, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatBound } from '../../../lib/format';
import * as payment from '../../../../machines/payments/invoice-payment.selectors';
import { usePaymentActor, usePaymentSelector } from '../payments.contexts';
import { BackButton } from './back-button';
import { Messages } from './messages';
import { StepHeading } from './step-heading';

export function CurrencyStep() {
  const { t } = useLingui();
  const actor = usePaymentActor();
  const coins = usePaymentSelector(payment.selectCoins);
  const coin = usePaymentSelector(payment.selectCoin);
  const busy = usePaymentSelector(payment.selectBusy);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'coin.continue' });
      }}
    >
      <Stack gap="md">
        <StepHeading>
          <Trans>Which currency do you pay in?</Trans>
        </StepHeading>
        <Radio.Group label={t`Payment currency`} value={coin} onChange={(value) => actor.send({ type: 'coin.select', coin: value })}>
          <Stack gap="xs" mt="xs">
            {coins.map((option) => (
              <Radio
                key={option.id}
                value={option.id}
                disabled={busy}
                label={option.name}
                description={option.minimum ? t`At least ${formatBound(option.minimum)}` : undefined}
                // Choosing the coin already chosen (after a refusal) is a choice too: it clears the message.
                onClick={() => option.id === coin && actor.send({ type: 'coin.select', coin: option.id })}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Messages />
        <Group justify="space-between">
          <BackButton />
          <Button type="submit" loading={busy}>
            <Trans>Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
