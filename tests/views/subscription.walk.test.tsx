// @vitest-environment jsdom
// The subscription modal's model paths, walked through the real modal.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SubscriptionEvent } from '../../machines/tariffs/subscription.types';
import { SubscriptionModal } from '../../src/features/tariffs/subscriptions-view';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { walkPath, type Gesture } from '../support/walk';
import { subscriptionModel } from '../models/subscription.model';
import { renderMakingFlow } from './tariffs-walk-support';

const dialog = () => screen.getByRole('dialog');
const periodLabels = { monthly: /^Monthly/, quarterly: /^Quarterly/, semiannual: /^Semiannual/, annual: /^Annual/ } as const;
const submitName = (type: 'activate' | 'change') => (type === 'change' ? 'Change' : 'Continue');

const gestures = {
  'period.change': async (user, event) => user.click(within(dialog()).getByRole('radio', { name: periodLabels[event.period] })),
  'subscription.submit': async (user) => user.click(within(dialog()).getByRole('button', { name: /^(Continue|Change)$/ })),
} satisfies { [K in SubscriptionEvent['type']]: Gesture<Extract<SubscriptionEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  expect(dialog()).toHaveAccessibleName('Platform subscription');
  expect(within(dialog()).getByRole('radio', { name: periodLabels[context.period as keyof typeof periodLabels] })).toBeChecked();
  // The prices of the provider settings, with the price per month of the longer periods.
  expect(within(dialog()).getByRole('radio', { name: /^Quarterly\s*\$135\.00\s*\(\$45\.00 a month\)/ })).toBeInTheDocument();
  const submit = within(dialog()).getByRole('button', { name: submitName(context.type) });
  if (snapshot.hasTag('busy') || snapshot.status === 'done') expect(submit).toHaveAttribute('data-loading', 'true');
  else expect(submit).toBeEnabled();
  if (context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(appErrorText(context.error));
  else expect(within(dialog()).queryByRole('alert')).toBeNull();
}

describe('subscription modal', () => {
  for (const modelPath of modelPaths(subscriptionModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: subscriptionModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) =>
          renderMakingFlow((options) => <SubscriptionModal flow={{ logic, options: { input: input as never, ...options } as never }} onClose={() => {}} />, logic, clock),
      });
    });
  }
});
