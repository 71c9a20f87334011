// @vitest-environment jsdom
// The tariffs page offers the upgrade on the tariffs the member's current one upgrades to: that tile's Upgrade
// opens the upgrade dialog priced for that tariff (the rest of the upgrade is walked from My tariff).
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/tariffs/tariff-checkout.machine';
import { upgradeMachine } from '../../machines/tariffs/upgrade.machine';
import type { UpgradeQuoteOutcome } from '../../machines/tariffs/upgrade.types';
import type { BillingCycle } from '../../domain/pricing';
import { TariffsView } from '../../src/features/tariffs/tariffs-view';
import { CheckoutContext, UpgradeContext } from '../../src/features/tariffs/tariffs.contexts';
import { quote } from '../models/tariffs-fixtures';
import { renderTariffsView } from './tariffs-walk-support';

describe('tariffs page', () => {
  it("a higher tariff's Upgrade opens the upgrade dialog for that tariff, and Basic offers Extend", async () => {
    const user = userEvent.setup();
    const price = vi.fn(async (_: { purchaseUuid: string; targetUuid: string | null; cycle: BillingCycle | null }): Promise<UpgradeQuoteOutcome> => ({
      ok: true,
      value: quote(),
    }));
    const upgrade = upgradeMachine.provide({ actors: { priceUpgrade: fromPromise(({ input }) => price(input)) } });
    renderTariffsView(
      <CheckoutContext.Provider logic={checkoutMachine} options={{ input: { currentLevel: 1 } }}>
        <UpgradeContext.Provider logic={upgrade}>
          <TariffsView />
        </UpgradeContext.Provider>
      </CheckoutContext.Provider>,
    );
    expect(within(await screen.findByRole('article', { name: 'Basic' })).getByRole('button', { name: 'Extend' })).toBeEnabled();
    await user.click(within(screen.getByRole('article', { name: 'Pro' })).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your tariff' });
    expect(await within(dialog).findByTestId('upgrade-difference')).toBeInTheDocument();
    expect(price).toHaveBeenCalledWith({ purchaseUuid: 'p-1', targetUuid: 'pro', cycle: null });
  });
});
