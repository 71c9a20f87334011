// @vitest-environment jsdom
// A transaction's note built in the member's language from its type and figures (issue 33), one case per
// type family, never the server's English sentence.
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n';
import { transactionNote } from '../../src/lib/transaction-note';

afterAll(() => activateLocale('en'));

describe('transaction notes', () => {
  const cases: [string, string, Parameters<typeof transactionNote>[1], string, string][] = [
    ['invoices', 'INVOICE', { invoice_tag: 'INV-7' }, 'Invoice INV-7 paid', 'Рахунок INV-7 оплачено'],
    ['a purchase', 'INVOICE', { subject: 'Trading Basics Course', invoice_tag: 'INV-7' }, 'Paid for Trading Basics Course', 'Оплата: Trading Basics Course'],
    ['deposits', 'WALLET_REFILL', { invoice_tag: 'INV-8' }, 'Deposit by invoice INV-8', 'Поповнення за рахунком INV-8'],
    ['overpayments', 'OVERPAYMENT', { invoice_tag: 'INV-9' }, 'Overpaid on invoice INV-9', 'Переплата за рахунком INV-9'],
    ['late payments', 'OVERPAYMENT', { invoice_tag: 'INV-9', ref: 'tx1', reason: 'already_paid' }, 'Payment for invoice INV-9, which was already paid', 'Платіж за рахунком INV-9, який уже оплачено'],
    ['refunds of a canceled invoice', 'REFUND_TO_BALANCE', { invoice_tag: 'INV-3', reason: 'invoice_canceled' }, 'Paid on invoice INV-3, which was canceled', 'Сплачене за рахунком INV-3, який скасовано'],
    ['withdrawals', 'WITHDRAWAL', { ref: '12' }, 'Withdrawal #12', 'Виведення №12'],
    ['canceled withdrawals', 'WITHDRAWAL_CANCELED', { ref: '12' }, 'Withdrawal #12 canceled', 'Виведення №12 скасовано'],
    ['investments', 'INVESTMENT_PLAN_WITHDRAW', { subject: 'Gold', count: 3 }, 'Gold: profit for period 3', 'Gold: прибуток за період 3'],
    ['crowdfunding payouts', 'CROWDFUNDING_PAYOUT_PROFIT', { subject: 'Solar farm', count: 2 }, 'Solar farm: payout 2', 'Solar farm: виплата 2'],
    ['crowdfunding refunds', 'REFUND_TO_BALANCE', { subject: 'Solar farm', reason: 'goal_not_reached' }, 'Solar farm: the goal was not reached', 'Solar farm: мету не досягнуто'],
    ['lottery tickets', 'LOTTERY_TICKET', { subject: 'Big draw', count: 5 }, 'Big draw: 5 tickets', 'Big draw: 5 квитків'],
    ['lottery prizes', 'AIRDROP_RAFFLE_REWARD', { subject: 'Big draw', count: 1, ref: '42' }, 'Big draw: prize for place 1, ticket 42', 'Big draw: приз за 1 місце, квиток 42'],
    ['lottery refunds', 'REFUND_TO_BALANCE', { subject: 'Big draw', reason: 'too_few_tickets' }, 'Big draw: too few tickets were sold', 'Big draw: продано замало квитків'],
    ['token purchases', 'ITO_TOKEN_DEPOSIT', { subject: 'ACME', invoice_tag: 'INV-5' }, 'Bought ACME by invoice INV-5', 'Куплено ACME за рахунком INV-5'],
    ['bonuses', 'RANK_BONUS', { subject: 'Silver' }, 'Rank: Silver', 'Ранг: Silver'],
    ['deals', 'REAL_ESTATE_DEAL_BONUS', { ref: '4' }, 'Real-estate deal #4', 'Угода з нерухомістю №4'],
    ['the operator', 'ADMIN_DEPOSIT', { reason: 'opening_balance' }, 'Opening balance', 'Початковий баланс'],
    ['referral payouts', 'REFERRAL_BONUS', { reason: 'referral_payout' }, 'Referral earnings payout', 'Виплата реферальних нарахувань'],
  ];

  it.each(cases)('%s (%s) in English and Ukrainian', async (_family, type, details, en, uk) => {
    await activateLocale('en');
    expect(transactionNote(type, details)).toBe(en);
    await activateLocale('uk');
    expect(transactionNote(type, details)).toBe(uk);
  });

  it('has no note where the type says it all, and none without figures', async () => {
    await activateLocale('en');
    expect(transactionNote('REALISED_PNL', {})).toBeNull();
    expect(transactionNote('MANAGEMENT_FEE', null)).toBeNull();
    expect(transactionNote('WITHDRAWAL', { ref: null })).toBeNull();
  });

  it('counts tickets with the language\'s plural forms (1, 2, 5)', async () => {
    const tickets = (count: number) => transactionNote('LOTTERY_TICKET', { subject: 'Draw', count });
    await activateLocale('en');
    expect([1, 2, 5].map(tickets)).toEqual(['Draw: 1 ticket', 'Draw: 2 tickets', 'Draw: 5 tickets']);
    await activateLocale('uk');
    expect([1, 2, 5].map(tickets)).toEqual(['Draw: 1 квиток', 'Draw: 2 квитки', 'Draw: 5 квитків']);
    await activateLocale('ru');
    expect([1, 2, 5].map(tickets)).toEqual(['Draw: 1 билет', 'Draw: 2 билета', 'Draw: 5 билетов']);
  });
});
