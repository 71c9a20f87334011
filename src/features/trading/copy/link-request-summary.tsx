// A follower's settings as figures: the lot size with its ratio (100 % reads 1:1), the drawdown limit (or none) and the
// quote asset. The pending request, the connection page and the trader's lists show them alike.
import { SimpleGrid } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { lotRatio } from '../../../../domain/copy-trading';
import type { CopySettingsRow } from '../../../../machines/trading/copy-links.types';
import { Figure } from '../../../components/figure';

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
