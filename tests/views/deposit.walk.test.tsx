// @vitest-environment jsdom
// The deposit's model paths, walked through the real deposit dialog (step 1: currency and amount).
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { DepositEvent } from '../../machines/payments/deposit.types';
import { DepositContext } from '../../src/features/payments/payments.contexts';
import { DepositDialog } from '../../src/features/payments/deposit-button';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { depositModel } from '../models/deposit.model';

const dialog = () => screen.getByRole('dialog', { name: 'Deposit funds' });
const amountField = () => within(dialog()).getByRole('textbox', { name: /^Amount/ });
const amountMessages = {
  required: () => 'Enter the amount',
  min: (currency: string) => `The minimum amount is 10 ${currency}`,
  max: (currency: string) => `The maximum amount is 50000 ${currency}`,
};

describe('deposit dialog', () => {
  for (const modelPath of modelPaths(depositModel)) {
    it(modelPath.title, async () => {
      let actor: { send: (event: DepositEvent) => void; getSnapshot: () => any } | undefined;
      const outcomes: (string | null)[] = [];
      const gestures = {
        // One change of the field's text, as typing or pasting ends in; text the field refuses stays out.
        'amount.change': async (_user, event) => {
          fireEvent.change(amountField(), { target: { value: event.value } });
        },
        'currency.select': async (user, event) => {
          const select = within(dialog()).getByLabelText('Currency', { selector: 'input' });
          // Choosing the currency already chosen changes nothing, as the event then changes nothing.
          if ((select as HTMLInputElement).value === event.currency) return act(() => actor!.send(event));
          await user.click(select);
          await user.click(screen.getByRole('option', { name: event.currency }));
        },
        'deposit.submit': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Continue' })),
        'dialog.close': async (user) => user.click(within(dialog()).getByRole('button', { name: 'Close' })),
      } satisfies { [K in DepositEvent['type']]: Gesture<Extract<DepositEvent, { type: K }>> };
      await walkPath(modelPath, {
        machine: depositModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          if (snapshot.status === 'done') {
            expect(screen.queryByRole('dialog')).toBeNull();
            return;
          }
          const { context } = snapshot;
          expect(amountField()).toHaveValue(context.amount);
          if (context.currencies.length) expect(within(dialog()).getByLabelText('Currency', { selector: 'input' })).toHaveValue(context.currency);
          else expect(within(dialog()).queryByLabelText('Currency', { selector: 'input' })).toBeNull();
          if (context.amountError) {
            expect(within(dialog()).getByText(amountMessages[context.amountError as 'min'](context.currency))).toBeInTheDocument();
          }
          if (context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(appErrorText(context.error));
          if (snapshot.hasTag('busy')) expect(within(dialog()).getByRole('button', { name: 'Continue' })).toHaveAttribute('data-loading', 'true');
        },
        render: (logic, input, clock) => {
          function CaptureActor() {
            actor = DepositContext.useActorRef();
            return null;
          }
          return renderInFlow(
            DepositContext,
            <>
              <CaptureActor />
              <DepositDialog onDone={(invoiceId) => outcomes.push(invoiceId)} />
            </>,
            logic,
            input,
            clock,
          );
        },
      });
      // The button learns the outcome once: the invoice to pay next, or nothing.
      const last = modelPath.path.steps.at(-1)!.state as { status: string; value: string; context: { invoiceId: string | null } };
      expect(outcomes).toEqual(last.status === 'done' ? [last.context.invoiceId] : []);
    });
  }
});
