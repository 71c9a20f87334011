// Copy trading's words for the strategy and ranking pages: the six ranking periods (calls §9) long and short, the
// risk scale as the status colours name it (calls §4 low, medium, high), the list's sorts, and a side of a trade.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RankingPeriod, RiskLevel } from '../../../../domain/copy-trading';
import type { StrategySort } from '../../../api/copy-trading';

export const periodNames: Record<RankingPeriod, MessageDescriptor> = {
  '24h': msg`24 hours`,
  '48h': msg`48 hours`,
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '3m': msg`3 months`,
  '6m': msg`6 months`,
};

/** The period switch's labels, where six must fit a phone's width (the long name is read out instead). */
export const periodShortNames: Record<RankingPeriod, MessageDescriptor> = {
  '24h': msg({ message: '24h', context: 'ranking period, short' }),
  '48h': msg({ message: '48h', context: 'ranking period, short' }),
  '7d': msg({ message: '7d', context: 'ranking period, short' }),
  '30d': msg({ message: '30d', context: 'ranking period, short' }),
  '3m': msg({ message: '3m', context: 'ranking period, short' }),
  '6m': msg({ message: '6m', context: 'ranking period, short' }),
};

export const riskNames: Record<RiskLevel, MessageDescriptor> = {
  low: msg`Low risk`,
  medium: msg`Medium risk`,
  high: msg`High risk`,
};

export const sortNames: Record<StrategySort, MessageDescriptor> = {
  roi: msg`Highest ROI`,
  pnl: msg`Highest PnL`,
  drawdown: msg`Smallest drawdown`,
  followers: msg`Most followers`,
  newest: msg`Newest`,
};

export const sideNames = {
  buy: msg({ message: 'Buy', context: 'trade side' }),
  sell: msg({ message: 'Sell', context: 'trade side' }),
} satisfies Record<string, MessageDescriptor>;
