// @vitest-environment jsdom
// The My tariff widget (spec §2 "Widgets"): the name or "No tariff", the first 3 description lines, the
// purchase badge, and Upgrade only when the purchase has_upgrades, opening the upgrade dialog in place.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { upgradeMachine } from '../../machines/tariffs/upgrade.machine';
import type { UpgradeCheckoutOutcome, UpgradeQuoteOutcome } from '../../machines/tariffs/upgrade.types';
import { meQueryOptions } from '../../src/api/account';
import { MyTariff, type MyTariffProps } from '../../src/features/tariffs/my-tariff';
import { UpgradeContext } from '../../src/features/tariffs/tariffs.contexts';
import { renderView } from '../support/render';
import { me } from '../support/member';
import { quote } from '../models/tariffs-fixtures';
import { tariffsQueryClient, tariffsTenant } from './tariffs-walk-support';

const purchase = {
  uuid: 'p-1',
  product_id: 'basic',
  name: 'Basic',
  description: 'One\nTwo\n\nThree\nFour',
  active_till: '2027-01-15T12:00:00.000Z',
  active_from: null as string | null,
  billing_cycle: 'monthly',
  price: '19.00',
  currency: 'USDT',
  has_upgrades: true,
};

const logic = upgradeMachine.provide({
  actors: {
    priceUpgrade: fromPromise(async (): Promise<UpgradeQuoteOutcome> => ({ ok: true, value: quote() })),
    checkout: fromPromise(async (): Promise<UpgradeCheckoutOutcome> => ({ ok: true, value: { invoiceId: '1' } })),
  },
  actions: { openInvoice: () => {} },
});

async function renderWidget(withPurchase: typeof purchase | null, props: Partial<MyTariffProps> = {}) {
  const queryClient = tariffsQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, { me: { ...me, purchase: withPurchase } } as never);
  renderView(
    <UpgradeContext.Provider logic={logic}>
      <MyTariff {...props} />
    </UpgradeContext.Provider>,
    { tenant: tariffsTenant, queryClient },
  );
  return screen.findByRole('region', { name: 'My tariff' });
}

describe('My tariff widget', () => {
  it('says No tariff without one, with no Upgrade', async () => {
    const widget = await renderWidget(null);
    expect(within(widget).getByTestId('my-tariff-name')).toHaveTextContent('No tariff');
    expect(within(widget).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(within(widget).getByRole('link', { name: 'All tariffs' })).toHaveAttribute('href', '/tariffs');
  });

  it('shows the name, the first 3 description lines and the badge; no Upgrade without has_upgrades', async () => {
    const widget = await renderWidget({ ...purchase, has_upgrades: false });
    expect(within(widget).getByTestId('my-tariff-name')).toHaveTextContent('Basic');
    expect(within(widget).getByText('One')).toBeVisible();
    expect(within(widget).getByText('Three')).toBeVisible();
    expect(within(widget).queryByText('Four')).toBeNull();
    expect(within(widget).getByTestId('purchase-badge')).toHaveTextContent('Active until Jan 15, 2027');
    expect(within(widget).queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });

  it('opens the upgrade dialog with the priced difference from Upgrade, and closes it again', async () => {
    const user = userEvent.setup();
    const widget = await renderWidget(purchase);
    await user.click(within(widget).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your tariff' });
    expect(await within(dialog).findByTestId('upgrade-difference')).toHaveTextContent('39.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the upgrade dialog at once when the page asks (the sidebar Upgrade), and says when it is closed', async () => {
    const user = userEvent.setup();
    const onUpgradeClosed = vi.fn();
    await renderWidget(purchase, { upgradeRequested: true, onUpgradeClosed });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your tariff' });
    expect(await within(dialog).findByTestId('upgrade-difference')).toHaveTextContent('39.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onUpgradeClosed).toHaveBeenCalledTimes(1);
  });

  it('a tariff bought to start later says when it starts', async () => {
    const widget = await renderWidget({
      ...purchase,
      active_from: '2099-03-01T12:00:00.000Z',
      active_till: '2099-04-01T12:00:00.000Z',
    });
    expect(within(widget).getByTestId('purchase-badge')).toHaveTextContent('Starts Mar 1, 2099');
  });
});
