// /subscriptions (spec §1, §2 "Subscription modal", §6): the platform subscription of the portal — whether it
// is offered, active (until when, or a trial) — polled every 30 s. The portal's owners activate it or change
// its period in the subscription modal: a period (monthly by default, quarterly, semiannual, annual, with the
// prices from the provider settings), Cancel or Continue / Change; the invoice opens to be paid. The page's
// subscription flow (SubscriptionContext) opens and closes the modal.
import { Badge, Button, Card, Group, Modal, Radio, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import * as subscription from '../../../machines/tariffs/subscription.selectors';
import type { SubscriptionPeriod } from '../../../machines/tariffs/tariffs.types';
import { dialogWidth, subscriptionPeriodMonths } from '../../../domain/limits';
import { divide } from '../../../domain/money';
import { platformSubscriptionQueryOptions } from '../../api/tariffs';
import { formatDate, formatMoney } from '../../lib/format';
import { useOverlay } from '../../lib/overlays';
import { useTenant } from '../../lib/tenant-context';
import { SubscriptionContext } from './tariffs.contexts';
import { periodNames } from './tariffs.messages';

const periods = Object.keys(subscriptionPeriodMonths) as SubscriptionPeriod[];

/** The period prices of the provider settings (a period without a price is not offered). */
function usePeriodPrices(): { period: SubscriptionPeriod; price: string }[] {
  const { whiteLabel } = useTenant();
  const prices: Record<SubscriptionPeriod, string | null | undefined> = {
    monthly: whiteLabel.subscription_price_monthly,
    quarterly: whiteLabel.subscription_price_quarterly,
    semiannual: whiteLabel.subscription_price_semiannual,
    annual: whiteLabel.subscription_price_annual,
  };
  return periods.flatMap((period) => (prices[period] ? [{ period, price: prices[period]! }] : []));
}

function SubscriptionForm({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const { whiteLabel } = useTenant();
  const actor = SubscriptionContext.useActorRef();
  const type = SubscriptionContext.useSelector(subscription.selectType);
  const period = SubscriptionContext.useSelector(subscription.selectPeriod);
  const busy = SubscriptionContext.useSelector(subscription.selectBusy);
  const editable = SubscriptionContext.useSelector(subscription.selectEditable);
  const prices = usePeriodPrices();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'subscription.submit' });
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t`Period`}
          value={period}
          onChange={(next) => editable && actor.send({ type: 'period.change', period: next as SubscriptionPeriod })}
        >
          <Stack gap="xs" mt="xs">
            {prices.map(({ period: option, price }) => {
              const months = subscriptionPeriodMonths[option];
              return (
                <Radio
                  key={option}
                  value={option}
                  disabled={!editable}
                  label={
                    <Group gap="xs">
                      <Text span fw={600}>
                        {i18n._(periodNames[option])}
                      </Text>
                      <Text span>{formatMoney(price, whiteLabel.currency)}</Text>
                      {months > 1 && (
                        <Text span size="sm" c="dimmed">
                          <Trans>({formatMoney(divide(price, months), whiteLabel.currency)} a month)</Trans>
                        </Text>
                      )}
                    </Group>
                  }
                />
              );
            })}
          </Stack>
        </Radio.Group>
        {/* A refusal or a failed call is said in the notifier (the flow's notifyFailure). */}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            {type === 'change' ? <Trans>Change</Trans> : <Trans>Continue</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The subscription modal while the page's subscription flow is open; it stays mounted so closing returns the focus. */
export function SubscriptionModal() {
  const { t } = useLingui();
  const actor = SubscriptionContext.useActorRef();
  const open = SubscriptionContext.useSelector(subscription.selectOpen);
  const close = () => actor.send({ type: 'dialog.close' });
  useOverlay(open);
  return (
    <Modal opened={open} onClose={close} title={t`Platform subscription`} size={dialogWidth.default} closeButtonProps={{ 'aria-label': t`Close` }}>
      {open && <SubscriptionForm onCancel={close} />}
    </Modal>
  );
}

export function SubscriptionsView() {
  const { i18n } = useLingui();
  const status = useSuspenseQuery(platformSubscriptionQueryOptions()).data.whiteLabelUserActiveSubscription;
  const flow = SubscriptionContext.useActorRef();
  const period = status?.period && Object.hasOwn(periodNames, status.period) ? (status.period as SubscriptionPeriod) : null;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        <Trans>Platform subscription</Trans>
      </Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm" role="status" aria-live="polite">
          {!status?.enabled ? (
            <Text>
              <Trans>This portal offers no platform subscription.</Trans>
            </Text>
          ) : status.active ? (
            <>
              <Group gap="xs">
                <Badge color="green" data-testid="subscription-state">
                  {status.trial ? <Trans>Trial</Trans> : <Trans>Active</Trans>}
                </Badge>
                {period && <Text size="sm">{i18n._(periodNames[period])}</Text>}
              </Group>
              {status.till && (
                <Text data-testid="subscription-till">
                  <Trans>Active until {formatDate(status.till)}</Trans>
                </Text>
              )}
            </>
          ) : (
            <Group gap="xs">
              <Badge variant="default" data-testid="subscription-state">
                <Trans>Not active</Trans>
              </Badge>
            </Group>
          )}
        </Stack>
      </Card>
      {status?.enabled &&
        (status.can_activate ? (
          <Group>
            <Button onClick={() => flow.send({ type: 'dialog.open', active: status.active })}>{status.active ? <Trans>Change subscription</Trans> : <Trans>Activate subscription</Trans>}</Button>
          </Group>
        ) : (
          <Text c="dimmed">
            <Trans>The portal’s owner manages the subscription.</Trans>
          </Text>
        ))}
      <SubscriptionModal />
    </Stack>
  );
}
