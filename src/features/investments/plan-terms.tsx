// A plan's terms as a short list of label and value (the plan cards, the Activate dialog, the member's plans).
import { SimpleGrid } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { InvestPlan } from '../../../machines/investments/investments.types';
import { Figure } from '../../components/figure';
import { formatMoney } from '../../lib/format';

/** A percentage as the server stores it ("2.0000") written as a member reads it ("2"). */
export const percentText = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export function PlanTerms({ plan }: { plan: InvestPlan }) {
  const { t } = useLingui();
  const { periodDays, periods } = plan;
  const ratePercent = percentText(plan.ratePercent);
  const penaltyPercent = percentText(plan.penaltyPercent);
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
      <Figure label={t`Rate per period`}>{t`${ratePercent} % every ${plural(periodDays, { one: '# day', other: '# days' })}`}</Figure>
      <Figure label={t`Periods`}>{periods}</Figure>
      <Figure label={t`Profit`}>{plan.compounding ? <Trans>Compounding</Trans> : <Trans>Simple, paid out each period</Trans>}</Figure>
      <Figure label={t`Capital`}>{plan.capitalBack ? <Trans>Back at the end</Trans> : <Trans>Used up over the periods</Trans>}</Figure>
      <Figure label={t`Amount`}>
        {formatMoney(plan.minAmount, plan.currency)} – {formatMoney(plan.maxAmount, plan.currency)}
      </Figure>
      <Figure label={t`Early-stop penalty`}>{t`${penaltyPercent} % of the final amount`}</Figure>
    </SimpleGrid>
  );
}
