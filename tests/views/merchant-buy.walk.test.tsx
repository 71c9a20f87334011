// @vitest-environment jsdom
// Buying a coin from a merchant: the flow's model paths, walked through the real merchant page.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { MerchantBuyEvent } from '../../machines/merchants/merchant-buy.types';
import { MerchantBuyView } from '../../src/features/merchants/merchant-buy-view';
import { MerchantBuyContext } from '../../src/features/merchants/merchants.contexts';
import { modelPaths } from '../support/model';
import { renderView } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { merchantBuyModel } from '../models/merchant-buy.model';

const amountField = () => screen.getByRole('textbox', { name: /^You pay \(USDT\)/ });

const gestures = {
  'amount.change': async (user, event) => {
    await user.clear(amountField());
    if (event.value) await user.type(amountField(), event.value);
  },
  'quote.request': async (user) => user.click(screen.getByRole('button', { name: 'Get a price' })),
  'quote.buy': async (user) => user.click(screen.getByRole('button', { name: 'Buy and pay' })),
  'quote.refresh': async (user) => user.click(screen.getByRole('button', { name: 'Get a new price' })),
  'amount.edit': async (user) => user.click(screen.getByRole('button', { name: 'Change the amount' })),
  'load.retry': async (user) => user.click(screen.getByRole('button', { name: 'Try again' })),
} satisfies { [K in MerchantBuyEvent['type']]: Gesture<Extract<MerchantBuyEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('loading')) {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the price…');
    return;
  }
  if (snapshot.matches('loadFailed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('The price could not be loaded.');
    return;
  }
  if (snapshot.matches('notSold')) {
    expect(screen.getByText('This portal does not sell SOL. The coins it sells are offered on your balance page.')).toBeTruthy();
    return;
  }
  expect(screen.getByRole('heading', { name: 'Buy Solana (SOL)' })).toBeTruthy();
  expect(amountField()).toHaveValue(context.amount);
  if (context.amountError === 'min') expect(screen.getByText('The minimum amount is 10 USDT')).toBeTruthy();
  if (context.amountError === 'required') expect(screen.getByText('Enter the amount')).toBeTruthy();
  const quoteShown = snapshot.matches('quoted') || snapshot.matches('buying') || snapshot.status === 'done';
  if (quoteShown) {
    expect(screen.getByTestId('merchant-quote-get')).toHaveTextContent('You get 1 SOL');
    expect(screen.getByTestId('merchant-lock')).toHaveTextContent(/^Price held for \d+:\d\d$/);
    const buy = screen.getByRole('button', { name: 'Buy and pay' });
    if (snapshot.matches('quoted')) expect(buy).toBeEnabled();
    else expect(buy).toHaveAttribute('data-loading', 'true');
  } else {
    expect(screen.queryByTestId('merchant-quote')).toBeNull();
  }
  if (snapshot.matches('expired')) expect(screen.getByTestId('merchant-expired')).toHaveTextContent('This price has expired');
  else expect(screen.queryByTestId('merchant-expired')).toBeNull();
  if (snapshot.matches('quoting')) expect(screen.getByRole('button', { name: 'Get a price' })).toHaveAttribute('data-loading', 'true');
}

describe('merchant page', () => {
  for (const modelPath of modelPaths(merchantBuyModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: merchantBuyModel.machine,
        gestures,
        expectScreen,
        clockKeys: ['deadline', 'lockLeft'],
        render: (logic, input, clock) => {
          let actor: any;
          function CaptureActor() {
            actor = MerchantBuyContext.useActorRef();
            return null;
          }
          renderView(
            <MerchantBuyContext.Provider logic={logic} options={{ input: input as never, clock }}>
              <CaptureActor />
              <MerchantBuyView />
            </MerchantBuyContext.Provider>,
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
