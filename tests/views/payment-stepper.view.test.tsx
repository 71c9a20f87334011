// @vitest-environment jsdom
// The payment dialog's steps keep to one row (issue 33, "Phones and small things"): numbered dots with the
// current step's name, every step's full name for screen readers, the current one marked aria-current="step".
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PaymentStepper } from '../../src/features/payments/payment-dialog/payment-stepper';
import { renderView } from '../support/render';

const steps = async () => within(await screen.findByRole('list', { name: 'Payment steps' })).getAllByRole('listitem');

describe('the payment steps', () => {
  it('name every step for screen readers and mark the current one', async () => {
    renderView(<PaymentStepper active={2} />);
    const items = await steps();
    expect(items.map((item) => item.textContent)).toEqual(['Method (done)', 'Currency (done)', '3Details', '4Waiting', '5Success']);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
  });

  it("show only the current step's name; the others are numbered dots", async () => {
    renderView(<PaymentStepper active={0} />);
    const items = await steps();
    const visibleNames = items.map((item) => item.querySelector('.payment-stepper-name')?.textContent ?? null);
    expect(visibleNames).toEqual(['Method', null, null, null, null]);
    expect(items.map((item) => item.querySelector('.payment-stepper-dot')?.textContent)).toEqual(['1', '2', '3', '4', '5']);
    // The dots' numbers are for the eye: screen readers hear the names.
    for (const item of items) expect(item.querySelector('.payment-stepper-dot')).toHaveAttribute('aria-hidden', 'true');
  });
});
