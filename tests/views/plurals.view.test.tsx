// @vitest-environment jsdom
// Counts read through ICU plurals (issue 33): "1 ticket", not "1 tickets", and Ukrainian and Russian take
// their one, few and many forms (1, 2, 5).
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { RaffleFigures } from '../../src/features/lotteries/raffle-parts';
import { PlanTerms } from '../../src/features/investments/plan-terms';
import type { Raffle } from '../../machines/lotteries/lotteries.types';
import { demoRaffle } from '../models/lotteries-fixtures';
import type { InvestPlan } from '../../machines/investments/investments.types';
import { activateLocale } from '../../src/lib/i18n';
import type { Locale } from '../../src/lib/catalogues';
import { renderView } from '../support/render';

// The demo raffle with `ticketsTotal` tickets, none sold: "N of N left".
const raffle = (ticketsTotal: number): Raffle => ({ ...demoRaffle, ticketsTotal, ticketsSold: 0 });

const plan = (periodDays: number, periods: number) =>
  ({
    id: '1',
    name: 'Gold',
    description: '',
    currency: 'USDT',
    minAmount: '100',
    maxAmount: '1000',
    ratePercent: '2.0000',
    penaltyPercent: '10.0000',
    periodDays,
    periods,
    compounding: false,
  }) as unknown as InvestPlan;

afterAll(() => activateLocale('en'));

const expected: Record<Locale, { tickets: string[]; days: string[] }> = {
  en: { tickets: ['1 of 1 ticket left', '2 of 2 tickets left', '5 of 5 tickets left'], days: ['2 % every 1 day', '2 % every 2 days', '2 % every 5 days'] },
  uk: {
    tickets: ['Залишилося 1 з 1 квитка', 'Залишилося 2 з 2 квитків', 'Залишилося 5 з 5 квитків'],
    days: ['2 % кожні 1 день', '2 % кожні 2 дні', '2 % кожні 5 днів'],
  },
  ru: {
    tickets: ['Осталось 1 из 1 билета', 'Осталось 2 из 2 билетов', 'Осталось 5 из 5 билетов'],
    days: ['2 % каждые 1 день', '2 % каждые 2 дня', '2 % каждые 5 дней'],
  },
  es: { tickets: ['Disponibles: 1 de 1 boleto', 'Disponibles: 2 de 2 boletos', 'Disponibles: 5 de 5 boletos'], days: ['2 % cada 1 día', '2 % cada 2 días', '2 % cada 5 días'] },
};

describe('plurals', () => {
  it.each(Object.keys(expected) as Locale[])('in %s, 1, 2 and 5 take their own forms', async (locale) => {
    await activateLocale(locale);
    for (const [index, count] of [1, 2, 5].entries()) {
      renderView(<RaffleFigures raffle={raffle(count)} />);
      expect(await screen.findByTestId('raffle-tickets-left')).toHaveTextContent(expected[locale].tickets[index]!);
      cleanup();
      renderView(<PlanTerms plan={plan(count, 3)} />);
      expect(await screen.findByText(expected[locale].days[index]!)).toBeInTheDocument();
      cleanup();
    }
  });
});
