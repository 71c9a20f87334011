// @vitest-environment jsdom
// The upgrade flow's model paths, walked through My tariff's Upgrade and the real upgrade dialog.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UpgradeEvent } from '../../machines/tariffs/upgrade.types';
import { MyTariff } from '../../src/features/tariffs/my-tariff';
import { UpgradeContext } from '../../src/features/tariffs/tariffs.contexts';
import { appErrorText } from '../../src/lib/app-error-text';
import { formatMoney } from '../../src/lib/format';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { upgradeModel } from '../models/upgrade.model';
import { renderTariffsView } from './tariffs-walk-support';

const dialog = () => screen.getByRole('dialog');
const cycleLabels = { onetime: /^One-time/, monthly: /^Monthly/, quartally: /^Quarterly/, semiannually: /^Every 6 months/, annually: /^Yearly/ } as const;

const gestures = {
  'dialog.open': async (user) => user.click(within(screen.getByRole('region', { name: 'My tariff' })).getByRole('button', { name: 'Upgrade' })),
  'cycle.change': async (user, event) => user.click(within(dialog()).getByRole('radio', { name: cycleLabels[event.cycle] })),
  'upgrade.confirm': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Upgrade and pay' })),
  retry: async (user) => user.click(within(dialog()).getByRole('button', { name: 'Try again' })),
  // Cancel where the dialog offers it, else its close button.
  'dialog.close': async (user) => {
    const cancel = within(dialog()).queryByRole('button', { name: 'Cancel' });
    await user.click(cancel && !cancel.hasAttribute('disabled') ? cancel : within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);
  },
} satisfies { [K in UpgradeEvent['type']]: Gesture<Extract<UpgradeEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  expect(dialog()).toHaveAccessibleName('Upgrade your tariff');
  // The call's own message is the notifier's; the dialog says what is left to do.
  if (snapshot.matches({ open: 'unavailable' })) {
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('The upgrade cannot go ahead. Close the dialog to choose again.');
    expect(within(dialog()).queryByText(appErrorText(context.error))).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Upgrade and pay' })).toBeNull();
    return;
  }
  if (snapshot.matches({ open: 'pricingFailed' })) {
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('The upgrade could not be priced.');
    expect(within(dialog()).queryByText(appErrorText(context.error))).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Try again' })).toBeEnabled();
    return;
  }
  if (snapshot.matches({ open: 'pricing' })) expect(within(dialog()).getByRole('status')).toHaveTextContent('Pricing the upgrade');
  const confirm = within(dialog()).getByRole('button', { name: 'Upgrade and pay' });
  if (snapshot.matches({ open: 'reviewing' })) expect(confirm).toBeEnabled();
  if (snapshot.matches({ open: 'checkingOut' }) || snapshot.matches({ open: 'paying' })) expect(confirm).toHaveAttribute('data-loading', 'true');
  if (context.quote) {
    expect(within(dialog()).getByTestId('upgrade-difference')).toHaveTextContent(formatMoney(context.quote.difference, context.quote.currency));
    const table = within(dialog()).getByRole('table', { name: 'How the difference is computed' });
    if (context.quote.daysLeft !== null) expect(table).toHaveTextContent(`${context.quote.daysLeft} of ${context.quote.daysInCycle} days left`);
    else expect(table).toHaveTextContent('one-time, counts in full');
    expect(within(dialog()).getByRole('radio', { name: cycleLabels[context.cycle as keyof typeof cycleLabels] })).toBeChecked();
  }
  // A failed checkout is the notifier's to say.
  expect(within(dialog()).queryByRole('alert')).toBeNull();
}

describe('upgrade dialog', () => {
  for (const modelPath of modelPaths(upgradeModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: upgradeModel.machine,
        gestures,
        expectScreen,
        render: (logic, _input, clock) => {
          let actor: any;
          function CaptureActor() {
            actor = UpgradeContext.useActorRef();
            return null;
          }
          renderTariffsView(
            <UpgradeContext.Provider logic={logic} options={{ clock }}>
              <CaptureActor />
              <MyTariff />
            </UpgradeContext.Provider>,
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
