// A follower's settings as figures: the lot size with its ratio (100 % reads 1:1), the drawdown limit (or none) and the
// quote asset; and the time left to link an accepted connection's key. The Connect panel, the connection page and the
// trader's lists show them alike.
import { SimpleGrid, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { lotRatio } from '../../../../domain/copy-trading';
import type { CopySettingsRow } from '../../../../machines/trading/copy-links.types';
import { TimeLeft } from '../../../components/countdown';
import { Figure } from '../../../components/figure';
import type { ReadableClock } from '../../../lib/clock';

/** An account as named to whoever sees it: a follower's own name and exchange; a trader sees only the exchange. */
export const accountText = (name: string, exchange: string) => (name.toLowerCase() === exchange.toLowerCase() ? name : `${name} · ${exchange}`);

/** "100 % (1:1)" */
export const lotSizeText = (percent: number) => `${percent} % (${lotRatio(percent)})`;

export function SettingsSummary({ settings }: { settings: CopySettingsRow }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0} data-testid="settings-summary">
      <Figure label={<Trans>Lot size</Trans>} testId="summary-lot-size">
        {lotSizeText(settings.lotSizePercent)}
      </Figure>
      <Figure label={<Trans>Drawdown limit</Trans>} testId="summary-drawdown">
        {settings.maxDrawdownPercent === null ? <Trans>No limit</Trans> : `${settings.maxDrawdownPercent} %`}
      </Figure>
      <Figure label={<Trans>Quote asset</Trans>}>{settings.quoteAsset}</Figure>
    </SimpleGrid>
  );
}

/** The time left of the 48 hours an accepted connection's key is linked in, counted down from its deadline. */
export function KeyTimeLeft({ deadline, clock }: { deadline: string; clock: ReadableClock }) {
  return (
    <Text size="sm" role="timer" aria-live="off" data-testid="key-time-left">
      <Trans>Time left to link the key:</Trans>{' '}
      <Text span fw={600}>
        <TimeLeft deadline={Date.parse(deadline)} clock={clock} ended={<Trans>none</Trans>} />
      </Text>
    </Text>
  );
}
