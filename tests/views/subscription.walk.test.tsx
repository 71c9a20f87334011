// @vitest-environment jsdom
// The subscription modal's model paths, walked through the real subscriptions page and its modal.
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { SubscriptionEvent } from '../../machines/tariffs/subscription.types';
import { platformSubscriptionQueryOptions } from '../../src/api/tariffs';
import { SubscriptionsView } from '../../src/features/tariffs/subscriptions-view';
import { SubscriptionContext } from '../../src/features/tariffs/tariffs.contexts';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { subscriptionModel } from '../models/subscription.model';
import { renderTariffsView, tariffsQueryClient } from './tariffs-walk-support';

const dialog = () => screen.getByRole('dialog');
const periodLabels = { monthly: /^Monthly/, quarterly: /^Quarterly/, semiannual: /^Semiannual/, annual: /^Annual/ } as const;
const submitName = (type: 'activate' | 'change') => (type === 'change' ? 'Change' : 'Continue');

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^(Activate|Change) subscription$/ })).toBeEnabled();
    return;
  }
  expect(dialog()).toHaveAccessibleName('Platform subscription');
  expect(within(dialog()).getByRole('radio', { name: periodLabels[context.period as keyof typeof periodLabels] })).toBeChecked();
  // The prices of the provider settings, with the price per month of the longer periods.
  expect(within(dialog()).getByRole('radio', { name: /^Quarterly\s*\$135\.00\s*\(\$45\.00 a month\)/ })).toBeInTheDocument();
  const submit = within(dialog()).getByRole('button', { name: submitName(context.type) });
  if (snapshot.hasTag('busy')) expect(submit).toHaveAttribute('data-loading', 'true');
  else expect(submit).toBeEnabled();
  // A refusal or a failed call is the notifier's to say, not the modal's.
  expect(within(dialog()).queryByRole('alert')).toBeNull();
}

describe('subscription modal', () => {
  for (const modelPath of modelPaths(subscriptionModel)) {
    it(modelPath.title, async () => {
      const queryClient = tariffsQueryClient();
      const status = (active: boolean) => ({ enabled: true, active, till: null, trial: false, period: 'monthly', can_activate: true });
      queryClient.setQueryData(platformSubscriptionQueryOptions().queryKey, { whiteLabelUserActiveSubscription: status(false) });
      const gestures = {
        // The subscription as the page knows it when the owner clicks Activate (or Change).
        'dialog.open': async (user, event) => {
          await act(async () => {
            queryClient.setQueryData(platformSubscriptionQueryOptions().queryKey, { whiteLabelUserActiveSubscription: status(event.active) });
            // The query tells its observers on the next tick.
            await new Promise((resolve) => setTimeout(resolve, 0));
          });
          await user.click(screen.getByRole('button', { name: event.active ? 'Change subscription' : 'Activate subscription' }));
        },
        'period.change': async (user, event) => user.click(within(dialog()).getByRole('radio', { name: periodLabels[event.period] })),
        'subscription.submit': async (user) => user.click(within(dialog()).getByRole('button', { name: /^(Continue|Change)$/ })),
        'dialog.close': async (user) => user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!),
      } satisfies { [K in SubscriptionEvent['type']]: Gesture<Extract<SubscriptionEvent, { type: K }>> };
      await walkPath(modelPath, {
        machine: subscriptionModel.machine,
        gestures,
        expectScreen,
        render: (logic, _input, clock) => {
          let actor: any;
          function CaptureActor() {
            actor = SubscriptionContext.useActorRef();
            return null;
          }
          renderTariffsView(
            <SubscriptionContext.Provider logic={logic} options={{ clock }}>
              <CaptureActor />
              <SubscriptionsView />
            </SubscriptionContext.Provider>,
            queryClient,
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
