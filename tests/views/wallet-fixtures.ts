// The balance page's answers the view tests share: a week's history of the member's USDT balance.
export const weekHistory = {
  balanceHistory: {
    range: '7d',
    bucket: 'day',
    currency: 'USDT',
    points: [
      { date: '2026-11-17T00:00:00Z', balance: '1200.00', realised_pnl: '5.00', deposit: '0.00', withdrawal: '-40.00', affiliate_payout: '0.00' },
      { date: '2026-11-18T00:00:00Z', balance: '1350.50', realised_pnl: '-1.25', deposit: '50.00', withdrawal: '0.00', affiliate_payout: '25.00' },
    ],
  },
};
