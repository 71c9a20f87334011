// The tariff upgrade dialog (spec §2, §3 "Upgrade cart"): the current and the new tariff, the billing cycle of
// the new one (priced again when changed), and how the difference is computed — the new price, less the credit
// for the days left of the current cycle — as the server charges it. Confirm makes the invoice of the
// difference and opens it to pay. The page's upgrade flow (UpgradeContext) opens and closes it.
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as upgrade from '../../../machines/tariffs/upgrade.selectors';
import { dialogWidth } from '../../../domain/limits';
import type { BillingCycle } from '../../../domain/pricing';
import { tariffsQueryOptions } from '../../api/tariffs';
import { formatDate, formatMoney } from '../../lib/format';
import { useOverlay } from '../../lib/overlays';
import { useTenant } from '../../lib/tenant-context';
import { RecurrentPricePicker, type CyclePrice } from '../../components/recurrent-price-picker';
import { UpgradeContext } from './tariffs.contexts';
import { cycleNames } from './tariffs.messages';
import { cyclePricesOf } from './tariff-prices';

/** The cycles the new tariff is sold in, from the tariff line (when it is loaded). */
function useCyclePrices(productUuid: string | null): CyclePrice[] {
  const tenant = useTenant();
  const line = useQuery({ ...tariffsQueryOptions(tenant.uuid), enabled: productUuid !== null });
  const product = line.data?.moduleProductsTariffs.find((entry) => entry.product.uuid === productUuid)?.product;
  return product ? cyclePricesOf(product).filter((price) => price.cycle !== 'onetime') : [];
}

function Breakdown() {
  const { t, i18n } = useLingui();
  const actor = UpgradeContext.useActorRef();
  const quote = UpgradeContext.useSelector(upgrade.selectQuote)!;
  const cycle = UpgradeContext.useSelector(upgrade.selectCycle);
  const editable = UpgradeContext.useSelector(upgrade.selectCanChangeCycle);
  const pricing = UpgradeContext.useSelector(upgrade.selectPricing);
  const prices = useCyclePrices(quote.newProductUuid);
  const money = (amount: string) => formatMoney(amount, quote.currency);
  const days = quote.daysLeft;
  const daysInCycle = quote.daysInCycle;
  return (
    <Stack gap="md">
      <Text>
        <Trans>
          From <strong>{quote.currentProductName}</strong> to <strong>{quote.newProductName}</strong>
        </Trans>
      </Text>
      {prices.length > 1 && (
        <RecurrentPricePicker
          label={t`Billing cycle of ${quote.newProductName}`}
          prices={prices}
          value={cycle ?? quote.billingCycle}
          onChange={(next: BillingCycle) => editable && actor.send({ type: 'cycle.change', cycle: next })}
          currency={quote.currency}
          names={cycleNames}
        />
      )}
      <Table aria-label={t`How the difference is computed`} aria-busy={pricing} withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              {quote.newProductName}, {i18n._(cycleNames[quote.billingCycle])}
            </Table.Td>
            <Table.Td ta="right">{money(quote.newPrice)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              {days !== null && daysInCycle !== null ? (
                <Trans>
                  Credit for {quote.currentProductName}: {days} of <Plural value={daysInCycle} one="# day" other="# days" /> left of {money(quote.currentPrice)}
                </Trans>
              ) : (
                <Trans>Credit for {quote.currentProductName} (one-time, counts in full)</Trans>
              )}
            </Table.Td>
            <Table.Td ta="right">−{money(quote.credit)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>
              <Trans>To pay now</Trans>
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid="upgrade-difference">
              {money(quote.difference)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {quote.newActiveTill ? (
          <Trans>
            Once paid, {quote.newProductName} runs until {formatDate(quote.newActiveTill)} and {quote.currentProductName} ends.
          </Trans>
        ) : (
          <Trans>Once paid, {quote.newProductName} replaces {quote.currentProductName}.</Trans>
        )}
      </Text>
    </Stack>
  );
}

function UpgradeBody({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const actor = UpgradeContext.useActorRef();
  const quote = UpgradeContext.useSelector(upgrade.selectQuote);
  const pricingFailed = UpgradeContext.useSelector(upgrade.selectPricingFailed);
  const unavailable = UpgradeContext.useSelector(upgrade.selectUnavailable);
  const pricing = UpgradeContext.useSelector(upgrade.selectPricing);
  const confirming = UpgradeContext.useSelector(upgrade.selectConfirming);
  const canConfirm = UpgradeContext.useSelector(upgrade.selectCanConfirm);
  if (unavailable) {
    return (
      <Stack gap="md">
        {/* The notifier says the server's reason; the dialog says what is left to do. */}
        <Alert color="yellow" role="alert">
          {t`The upgrade cannot go ahead. Close the dialog to choose again.`}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  if (pricingFailed) {
    return (
      <Stack gap="md">
        {/* The notifier says why; here the way on. */}
        <Alert color="red" role="alert">
          {t`The upgrade could not be priced.`}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {pricing && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">
            <Trans>Pricing the upgrade…</Trans>
          </Text>
        </Group>
      )}
      {quote && <Breakdown />}
      {/* A failed checkout is said in the notifier (the flow's notifyFailure). */}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={confirming}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'upgrade.confirm' })} disabled={!canConfirm && !confirming} loading={confirming}>
          <Trans>Upgrade and pay</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The dialog while the page's upgrade flow is open. The modal stays mounted, so closing it returns the focus
 * to the button that opened it; `onClosed` tells the page the member closed it.
 */
export function UpgradeDialog({ onClosed }: { onClosed?: () => void }) {
  const { t } = useLingui();
  const actor = UpgradeContext.useActorRef();
  const open = UpgradeContext.useSelector(upgrade.selectOpen);
  const close = () => {
    actor.send({ type: 'dialog.close' });
    onClosed?.();
  };
  useOverlay(open, close);
  return (
    <Modal opened={open} onClose={close} title={t`Upgrade your tariff`} size={dialogWidth.default} closeButtonProps={{ 'aria-label': t`Close` }}>
      {open && <UpgradeBody onClose={close} />}
    </Modal>
  );
}
