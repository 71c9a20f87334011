// The recurrent price picker (spec §2): the billing cycles a product is sold in, each with its price, and
// for cycles longer than a month the price per month beside it. Used by product pages and tariffs.
import { Radio, Stack, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { billingCycleMonths } from '../../domain/limits';
import { divide, type Decimal } from '../../domain/money';
import type { BillingCycle } from '../../domain/pricing';
import { formatMoney } from '../lib/format';

export interface CyclePrice {
  cycle: BillingCycle;
  price: Decimal;
}

/** The price per month of a longer cycle, rounded half-up to cents. */
export const monthlyPrice = ({ cycle, price }: CyclePrice): Decimal | null => {
  const months = billingCycleMonths[cycle];
  return months > 1 ? divide(price, months) : null;
};

export function RecurrentPricePicker({
  prices,
  value,
  onChange,
  currency,
  label,
  names,
}: {
  prices: CyclePrice[];
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  currency: string;
  label: string;
  names: Record<BillingCycle, MessageDescriptor>;
}) {
  const { i18n } = useLingui();
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as BillingCycle)}>
      <Stack gap="xs" mt="xs">
        {prices.map((option) => {
          const perMonth = monthlyPrice(option);
          return (
            <Radio
              key={option.cycle}
              value={option.cycle}
              label={
                <Group gap="xs" wrap="wrap">
                  <Text span fw={600}>
                    {i18n._(names[option.cycle])}
                  </Text>
                  <Text span>{formatMoney(option.price, currency)}</Text>
                  {perMonth && (
                    <Text span size="sm" c="dimmed">
                      <Trans>({formatMoney(perMonth, currency)} a month)</Trans>
                    </Text>
                  )}
                </Group>
              }
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
