// @vitest-environment jsdom
// Buying a tariff: the flow's model paths, walked through the real tariffs page.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CheckoutEvent } from '../../machines/tariffs/tariff-checkout.types';
import { upgradeMachine } from '../../machines/tariffs/upgrade.machine';
import { meQueryOptions } from '../../src/api/account';
import { TariffsView } from '../../src/features/tariffs/tariffs-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { me } from '../support/member';
import { tariffCheckoutModel } from '../models/tariff-checkout.model';
import { renderMakingFlow, tariffLine, tariffsQueryClient } from './tariffs-walk-support';

const tile = (productId: string) => screen.getByRole('article', { name: tariffLine.find((tariff) => tariff.product.id === productId)!.product.name });
const cycleLabels = { onetime: /^One-time/, monthly: /^Monthly/, quartally: /^Quarterly/, semiannually: /^Every 6 months/, annually: /^Yearly/ } as const;

const gestures = {
  'tariff.buy': async (user, event) => {
    await user.click(within(tile(event.productId)).getByRole('radio', { name: cycleLabels[event.cycle] }));
    await user.click(within(tile(event.productId)).getByRole('button', { name: 'Buy' }));
  },
} satisfies { [K in CheckoutEvent['type']]: Gesture<Extract<CheckoutEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tariffs');
  expect(screen.getAllByRole('article')).toHaveLength(tariffLine.length);
  const busy = snapshot.hasTag('busy') || snapshot.status === 'done';
  for (const tariff of tariffLine) {
    const buy = within(tile(tariff.product.id)).getByRole('button', { name: 'Buy' });
    if (busy && tariff.product.id === context.productId) expect(buy).toHaveAttribute('data-loading', 'true');
    else if (busy) expect(buy).toBeDisabled();
    else expect(buy).toBeEnabled();
  }
  if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(appErrorText(context.error));
  else expect(screen.queryByRole('alert')).toBeNull();
}

describe('tariffs page', () => {
  for (const modelPath of modelPaths(tariffCheckoutModel)) {
    it(modelPath.title, async () => {
      // A member without a tariff: every tile offers Buy.
      const queryClient = tariffsQueryClient();
      queryClient.setQueryData(meQueryOptions().queryKey, { me: { ...me, purchase: null } } as never);
      await walkPath(modelPath, {
        machine: tariffCheckoutModel.machine,
        gestures,
        expectScreen,
        render: (logic, _input, clock) =>
          renderMakingFlow((options) => <TariffsView checkoutFlow={{ logic, options: options as never }} upgradeLogic={upgradeMachine} />, logic, clock, queryClient),
      });
    });
  }
});
