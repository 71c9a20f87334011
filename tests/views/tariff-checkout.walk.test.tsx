// @vitest-environment jsdom
// Buying a tariff: the flow's model paths, walked through the real tariffs page (and its confirmation before
// a lower tariff).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CheckoutEvent, CheckoutInput } from '../../machines/tariffs/tariff-checkout.types';
import { upgradeMachine } from '../../machines/tariffs/upgrade.machine';
import { meQueryOptions } from '../../src/api/account';
import { TariffsView } from '../../src/features/tariffs/tariffs-view';
import { CheckoutContext, UpgradeContext } from '../../src/features/tariffs/tariffs.contexts';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { me } from '../support/member';
import { tariffCheckoutModel } from '../models/tariff-checkout.model';
import { renderTariffsView, tariffLine, tariffsQueryClient } from './tariffs-walk-support';

const nameOf = (productId: string) => tariffLine.find((tariff) => tariff.product.id === productId)!.product.name;
const tile = (productId: string) => screen.getByRole('article', { name: nameOf(productId) });
const buyButton = (productId: string) => within(tile(productId)).getByRole('button', { name: /^(Buy|Extend)$/ });
const cycleLabels = { onetime: /^One-time/, monthly: /^Monthly/, quartally: /^Quarterly/, semiannually: /^Every 6 months/, annually: /^Yearly/ } as const;
const confirmDialog = () => screen.getByRole('dialog', { name: 'Before you switch' });

const gestures = {
  'tariff.buy': async (user, event) => {
    await user.click(within(tile(event.productId)).getByRole('radio', { name: cycleLabels[event.cycle] }));
    await user.click(buyButton(event.productId));
  },
  'downgrade.confirm': async (user) => user.click(within(confirmDialog()).getByRole('button', { name: /^Continue with / })),
  'downgrade.cancel': async (user) => user.click(within(confirmDialog()).getByRole('button', { name: /^Keep / })),
} satisfies { [K in CheckoutEvent['type']]: Gesture<Extract<CheckoutEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  expect(screen.getAllByRole('article')).toHaveLength(tariffLine.length);
  if (snapshot.matches('confirmingDowngrade')) {
    const dialog = confirmDialog();
    expect(dialog).toHaveTextContent(`You are moving from Pro to ${nameOf(context.productId)}.`);
    expect(within(dialog).getByRole('region', { name: 'You lose' })).toHaveTextContent('Pro line one');
    return;
  }
  expect(screen.queryByRole('dialog')).toBeNull();
  const busy = snapshot.hasTag('busy') || snapshot.status === 'done';
  for (const tariff of tariffLine) {
    const buy = buyButton(tariff.product.id);
    if (busy && tariff.product.id === context.productId) expect(buy).toHaveAttribute('data-loading', 'true');
    else if (busy) expect(buy).toBeDisabled();
    else expect(buy).toBeEnabled();
  }
  // A failed Buy is the notifier's to say, not the page's.
  expect(screen.queryByRole('alert')).toBeNull();
}

describe('tariffs page', () => {
  for (const modelPath of modelPaths(tariffCheckoutModel)) {
    it(modelPath.title, async () => {
      const input = modelPath.input as CheckoutInput;
      // Without a tariff every tile offers Buy; running Pro (level 2), Pro offers Extend and Basic asks first.
      const queryClient = tariffsQueryClient();
      const pro = { uuid: 'p-2', product_id: 'pro', name: 'Pro', description: 'Pro line one\nPro line two', active_till: '2027-01-15T12:00:00.000Z', active_from: null, billing_cycle: 'monthly', price: '49.00', currency: 'USDT', has_upgrades: false };
      queryClient.setQueryData(meQueryOptions().queryKey, { me: { ...me, purchase: input.currentLevel ? pro : null } } as never);
      await walkPath(modelPath, {
        machine: tariffCheckoutModel.machine,
        gestures,
        expectScreen,
        render: (logic, _input, clock) => {
          let actor: any;
          function CaptureActor() {
            actor = CheckoutContext.useActorRef();
            return null;
          }
          renderTariffsView(
            <CheckoutContext.Provider logic={logic} options={{ input, clock }}>
              <UpgradeContext.Provider logic={upgradeMachine}>
                <CaptureActor />
                <TariffsView />
              </UpgradeContext.Provider>
            </CheckoutContext.Provider>,
            queryClient,
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
