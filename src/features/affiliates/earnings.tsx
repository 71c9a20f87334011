// Referral earnings (issue "Wallet", beyond the reference portals): why money is not paid yet. Each earning
// is pending (the purchase is not paid), on hold until a date (holding period), below the minimum payout,
// payable or paid, with its dates; the totals per state and when the held money becomes payable.
import { Alert, ColorSwatch, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { affEarningsQueryOptions, type AffEarnings } from '../../api/affiliates';
import { statusColour } from '../../components/status-badge';
import { formatDate, formatMoney } from '../../lib/format';
import { earningDateText, earningStateText } from './affiliates.messages';
import { ScrollTable, Section } from './parts';
import { LoadError, Loading } from '../../components/load-state';

function Totals({ earnings }: { earnings: AffEarnings }) {
  const { t } = useLingui();
  const money = (amount: string) => formatMoney(amount, earnings.currency);
  const totals = [
    { state: 'payable', label: t`Payable`, amount: earnings.payable },
    { state: 'below_minimum', label: t`Below minimum payout`, amount: earnings.below_minimum },
    { state: 'on_hold', label: t`On hold`, amount: earnings.on_hold },
    { state: 'pending', label: t`Pending`, amount: earnings.pending },
    { state: 'paid', label: t`Paid`, amount: earnings.paid },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" data-testid="earnings-totals">
      {totals.map((total) => (
        <div key={total.state} data-state={total.state}>
          <Text size="xs" c="dimmed">
            {total.label}
          </Text>
          <Text fw={700}>{money(total.amount)}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** When the held money becomes payable: each release date and the released total from then on. */
function Schedule({ earnings }: { earnings: AffEarnings }) {
  const { t } = useLingui();
  const money = (amount: string) => formatMoney(amount, earnings.currency);
  const minimum = money(earnings.minimum_payout);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t`Earnings are held for ${plural(earnings.holding_days, { one: '# day', other: '# days' })}, then paid out once the released total reaches the minimum payout of ${minimum}.`}
      </Text>
      {earnings.payable_from && (
        <Alert color="teal" variant="light" data-testid="payable-from">
          {t`Your earnings become payable on ${formatDate(earnings.payable_from)}.`}
        </Alert>
      )}
      {earnings.schedule.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="earnings-schedule">
          {earnings.schedule.map((step) => (
            <li key={step.date}>
              <Text size="sm" span>
                {step.payable
                  ? t`${formatDate(step.date)}: ${money(step.released)} released, ${money(step.payable_total)} payable`
                  : t`${formatDate(step.date)}: ${money(step.released)} released, ${money(step.payable_total)} in total, still below the minimum`}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

export function Earnings() {
  const { t } = useLingui();
  const answer = useQuery(affEarningsQueryOptions());
  return (
    <Section id="earnings-title" title={<Trans>Referral earnings</Trans>}>
      {answer.isPending && <Loading label={<Trans>Loading your earnings…</Trans>} />}
      {answer.isError && <LoadError what={<Trans>Your earnings could not be loaded.</Trans>} retry={() => void answer.refetch()} />}
      {answer.data && (
        <Stack gap="md">
          <Totals earnings={answer.data} />
          <Schedule earnings={answer.data} />
          {answer.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>No referral earnings found yet.</Trans>
            </Text>
          ) : (
            <ScrollTable label={t`Referral earnings`} minWidth={560}>
              <Table verticalSpacing="xs" data-testid="earnings">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t`Date`}</Table.Th>
                    <Table.Th scope="col">{t`From`}</Table.Th>
                    <Table.Th scope="col">{t`Level`}</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'end' }}>{t`Amount`}</Table.Th>
                    <Table.Th scope="col">{t`State`}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.data.items.map((earning) => (
                    <Table.Tr key={earning.id} data-state={earning.state}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(earning.created_at)}</Table.Td>
                      <Table.Td>{earning.from_name ?? t`Former member`}</Table.Td>
                      <Table.Td>{earning.level}</Table.Td>
                      <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{formatMoney(earning.amount, earning.currency)}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <ColorSwatch color={`var(--mantine-color-${statusColour(earning.state)}-filled)`} size={10} withShadow={false} aria-hidden />
                          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {earningStateText(earning.state)}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed">
                          {earningDateText(earning)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      )}
    </Section>
  );
}
