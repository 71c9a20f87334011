// @vitest-environment jsdom
// Quantity steppers are labelled (issue 33): the field has a name, and so have its − and + buttons.
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantityInput } from '../../src/components/quantity-input';
import { renderView } from '../support/render';

function Stepper(props: { subject?: string; label?: string; ariaLabel?: string; min?: number; max?: number; start?: number }) {
  const [value, setValue] = useState<number | string>(props.start ?? 1);
  const named = props.label !== undefined ? { label: props.label } : { 'aria-label': props.ariaLabel ?? 'Quantity' };
  return <QuantityInput {...named} subject={props.subject} value={value} onChange={setValue} min={props.min} max={props.max} />;
}

describe('a quantity stepper', () => {
  it('names the field by its label and its buttons by what they do', async () => {
    const user = userEvent.setup();
    renderView(<Stepper label="Quantity" min={1} max={3} />);
    const field = await screen.findByRole('textbox', { name: 'Quantity' });
    const more = screen.getByRole('button', { name: 'One more' });
    const fewer = screen.getByRole('button', { name: 'One fewer' });
    expect(fewer).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(field).toHaveValue('3');
    expect(more).toBeDisabled();
    await user.click(fewer);
    expect(field).toHaveValue('2');
  });

  it("in a list, names the field and the buttons after the line's product", async () => {
    renderView(<Stepper ariaLabel="Quantity of Signals" subject="Signals" min={0} />);
    expect(await screen.findByRole('textbox', { name: 'Quantity of Signals' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'One more: Signals' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'One fewer: Signals' })).toBeEnabled();
  });

  it("shows no unnamed controls (Mantine's own arrows are left out)", async () => {
    renderView(<Stepper label="Quantity" />);
    await screen.findByRole('textbox', { name: 'Quantity' });
    expect(document.querySelector('.mantine-NumberInput-controls')).toBeNull();
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
  });
});
