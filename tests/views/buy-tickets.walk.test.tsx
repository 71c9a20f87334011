// @vitest-environment jsdom
// Buying raffle tickets: the flow's model paths, walked through the real raffle page.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BuyTicketsEvent } from '../../machines/lotteries/buy-tickets.types';
import { RaffleView } from '../../src/features/lotteries/raffle-view';
import { BuyTicketsContext } from '../../src/features/lotteries/lotteries.contexts';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { buyTicketsModel } from '../models/buy-tickets.model';

const quantityField = () => screen.getByRole('textbox', { name: /^Tickets/ });
const panel = () => within(screen.getByRole('region', { name: 'Buy tickets' }));

const gestures = {
  'quantity.change': async (user, event) => {
    await user.clear(quantityField());
    if (event.value) await user.type(quantityField(), event.value);
  },
  'buy.submit': async (user) => user.click(screen.getByRole('button', { name: 'Continue' })),
  'buy.back': async (user) => user.click(screen.getByRole('button', { name: 'Back' })),
  'buy.confirm': async (user) => user.click(screen.getByRole('button', { name: 'Confirm and buy' })),
  'buy.again': async (user) => user.click(screen.getByRole('button', { name: 'Buy more' })),
  'load.retry': async (user) => user.click(screen.getByRole('button', { name: 'Try again' })),
} satisfies { [K in BuyTicketsEvent['type']]: Gesture<Extract<BuyTicketsEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('loading')) {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the raffle…');
    return;
  }
  if (snapshot.matches('loadFailed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('The raffle could not be loaded.');
    return;
  }
  if (snapshot.matches('missing')) {
    expect(screen.getByText('This portal has no such raffle.')).toBeTruthy();
    return;
  }
  const raffle = context.page.raffle;
  expect(screen.getByRole('heading', { name: raffle.name })).toBeTruthy();
  expect(screen.getByTestId('raffle-tickets-left')).toHaveTextContent(`${raffle.ticketsTotal - raffle.ticketsSold} of ${raffle.ticketsTotal} tickets left`);
  if (snapshot.matches({ ready: 'closed' })) {
    expect(screen.queryByRole('region', { name: 'Buy tickets' })).toBeNull();
    expect(screen.getByTestId('winners')).toHaveTextContent('#7');
    expect(screen.getByTestId('proof-slot')).toHaveTextContent(raffle.seedHash);
    return;
  }
  if (snapshot.matches({ ready: 'blocked' })) {
    expect(panel().getByTestId('buy-blocked')).toHaveTextContent('This raffle is for members with a premium tariff.');
    expect(panel().getByTestId('buy-blocked')).toHaveTextContent('It comes with Pro, Elite.');
    expect(panel().getByRole('link', { name: 'See the tariffs' })).toHaveAttribute('href', '/tariffs');
    return;
  }
  if (snapshot.matches({ ready: 'bought' })) {
    expect(panel().getByTestId('buy-done')).toHaveTextContent('Your tickets: #7, #8');
    return;
  }
  expect(quantityField()).toHaveValue(context.quantity);
  if (context.quantityError === 'max') expect(screen.getByText('You can buy at most 10 tickets here')).toBeTruthy();
  if (context.quantityError === 'required') expect(screen.getByText('Enter how many tickets')).toBeTruthy();
  if (snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'buying' })) {
    expect(screen.getByTestId('buy-confirmation')).toHaveTextContent(new RegExp(`Demo Raffle: ${context.quantity} × \\$5\\.00 = \\$${Number.parseInt(context.quantity, 10) * 5}\\.00, from your balance\\.`));
    const confirm = screen.getByRole('button', { name: 'Confirm and buy' });
    if (snapshot.matches({ ready: 'buying' })) expect(confirm).toHaveAttribute('data-loading', 'true');
    else expect(confirm).toBeEnabled();
  } else {
    expect(screen.queryByTestId('buy-confirmation')).toBeNull();
  }
  if (snapshot.matches({ ready: 'choosing' })) expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
}

describe('raffle page', () => {
  for (const modelPath of modelPaths(buyTicketsModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: buyTicketsModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) =>
          renderInFlow(BuyTicketsContext, <RaffleView proof={(proof) => <div data-testid="proof-slot">{proof.seedHash}</div>} />, logic, input, clock),
      });
    });
  }
});
