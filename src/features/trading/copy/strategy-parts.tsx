// Pieces the strategy list, the strategy page and the ranking pages share: the risk badge (1-3 as low, medium, high
// in the status colours), the period switch, a figure with its sample size beside it, the trader, and why a strategy
// takes no followers now (calls §8's texts).
import type { ReactNode } from 'react';
import { Alert, Avatar, Group, SegmentedControl, Stack, Text, Title, VisuallyHidden, useMatches } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { isRankingPeriod, rankingPeriods, riskLevel, type RankingPeriod } from '../../../../domain/copy-trading';
import { Figure } from '../../../components/figure';
import { StatusBadge } from '../../../components/status-badge';
import { appErrorText } from '../../../lib/app-error-text';
import { formatDateTime } from '../../../lib/format';
import { periodNames, periodShortNames, riskNames } from './strategy.messages';

export function RiskBadge({ risk }: { risk: number }) {
  const { i18n } = useLingui();
  const level = riskLevel(risk);
  return <StatusBadge status={level} label={i18n._(riskNames[level])} />;
}

/** The six periods side by side (short labels; a screen reader hears the long ones). */
export function PeriodSwitch({ value, onChange }: { value: RankingPeriod; onChange: (period: RankingPeriod) => void }) {
  const { t, i18n } = useLingui();
  const fullWidth = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  return (
    <SegmentedControl
      aria-label={t`Period`}
      data-testid="period-switch"
      fullWidth={fullWidth}
      value={value}
      onChange={(next) => isRankingPeriod(next) && onChange(next)}
      data={rankingPeriods.map((period) => ({
        value: period,
        label: (
          <>
            <span aria-hidden="true">{i18n._(periodShortNames[period])}</span>
            <VisuallyHidden>{i18n._(periodNames[period])}</VisuallyHidden>
          </>
        ),
      }))}
    />
  );
}

/** A figure and, beside it, how many trades (or days) it comes from. */
export function Sampled({ children, sample }: { children: ReactNode; sample: ReactNode }) {
  return (
    <>
      <span style={{ display: 'block', whiteSpace: 'nowrap' }}>{children}</span>
      <Text component="span" display="block" size="xs" c="dimmed" fw={400}>
        {sample}
      </Text>
    </>
  );
}

export const TradesSample = ({ trades }: { trades: number }) => <Plural value={trades} one="of # trade" other="of # trades" />;
export const DaysText = ({ days }: { days: number }) => <Plural value={days} one="# day" other="# days" />;
export const TradesText = ({ trades }: { trades: number }) => <Plural value={trades} one="# trade" other="# trades" />;

export function Trader({ name, avatar }: { name: string; avatar: string | null | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={avatar ?? null} alt="" radius="xl" size="sm" />
      <Text size="sm" component="span">
        {name}
      </Text>
    </Group>
  );
}

/** What a period asks of a strategy to be ranked (the ranking's answer, domain rankingMinimums on the server). */
export function RankingMinimum({ periodName, runtimeDays, trades }: { periodName: string; runtimeDays: number; trades: number }) {
  return (
    <Trans>
      To be ranked over {periodName} a strategy needs at least <Plural value={runtimeDays} one="# day" other="# days" /> of runtime and{' '}
      <Plural value={trades} one="# closed trade" other="# closed trades" /> in the period.
    </Trans>
  );
}

/** Why the strategy takes no followers now: probation, or every place taken (both when both). */
export function Availability({ strategy }: { strategy: { in_probation: boolean; probation_until?: string | null; capacity_left: number } }) {
  if (!strategy.in_probation && strategy.capacity_left > 0) return null;
  const until = strategy.probation_until ? formatDateTime(strategy.probation_until) : null;
  return (
    <Alert color="yellow" variant="light" p="xs" data-testid="strategy-closed">
      <Stack gap={4}>
        {strategy.in_probation && (
          <Text size="sm" data-testid="strategy-probation">
            {appErrorText({ code: 'server', reason: 'StrategyInProbation' })}
            {until && (
              <>
                {' '}
                <Trans>It ends on {until}.</Trans>
              </>
            )}
          </Text>
        )}
        {strategy.capacity_left <= 0 && (
          <Text size="sm" data-testid="strategy-full">
            {appErrorText({ code: 'server', reason: 'StrategyFull' })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** The trader's rules and description, as plain text (line breaks kept). */
export function TraderRules({ description }: { description: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="strategy-rules-title">
      <Title order={3} size="h4" id="strategy-rules-title">
        <Trans>The trader’s rules</Trans>
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="strategy-description">
        {description}
      </Text>
    </Stack>
  );
}

/** Followers (active, paused and pending places) of the most it takes, and the places left. */
export function FollowersFigure({ strategy }: { strategy: { followers: number; max_followers: number; capacity_left: number } }) {
  const { followers, max_followers: most, capacity_left: left } = strategy;
  return (
    <Figure label={<Trans>Followers</Trans>} testId="strategy-followers">
      <Sampled sample={<Plural value={left} one="# place left" other="# places left" />}>
        <Trans>
          {followers} of {most}
        </Trans>
      </Sampled>
    </Figure>
  );
}
