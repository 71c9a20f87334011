// A quantity with its − and + buttons (a cart line, a product's Add to cart). Mantine's own arrows are hidden
// from screen readers and the keyboard; these are buttons with names, so every part of the stepper says what
// it changes. The field is named by `label` (shown) or `aria-label` (a line in a list names its product).
import type { ReactNode } from 'react';
import { ActionIcon, NumberInput, type NumberInputProps } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

/** Every stepper has a name: a visible label, or one for screen readers only. */
type Named = { label: string; 'aria-label'?: undefined } | { label?: undefined; 'aria-label': string };

export type QuantityInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'hideControls' | 'leftSection' | 'rightSection' | 'label' | 'aria-label'> &
  Named & {
    value: number | string;
    onChange: (value: number | string) => void;
    /** What is counted, for the buttons' names when several steppers share a screen ("One more: Signals"). */
    subject?: string;
  };

export function QuantityInput({ value, onChange, subject, min, max, disabled, readOnly, size = 'sm', ...field }: QuantityInputProps) {
  const { t } = useLingui();
  const current = typeof value === 'number' ? value : null;
  const step = (by: number) => {
    const next = (current ?? (typeof min === 'number' ? min : 0)) + by;
    onChange(Math.min(typeof max === 'number' ? max : Infinity, Math.max(typeof min === 'number' ? min : -Infinity, next)));
  };
  const locked = disabled || readOnly;
  const button = (by: number, name: string, icon: ReactNode, atEdge: boolean) => (
    <ActionIcon variant="subtle" size={size === 'xs' ? 'sm' : 'md'} aria-label={name} disabled={locked || atEdge} onClick={() => step(by)}>
      {icon}
    </ActionIcon>
  );
  return (
    <NumberInput
      {...field}
      size={size}
      value={value}
      min={min}
      max={max}
      disabled={disabled}
      readOnly={readOnly}
      onChange={onChange}
      hideControls
      styles={{ input: { textAlign: 'center' } }}
      leftSectionPointerEvents="all"
      rightSectionPointerEvents="all"
      leftSection={button(-1, subject ? t`One fewer: ${subject}` : t`One fewer`, <IconMinus size={14} aria-hidden />, current !== null && typeof min === 'number' && current <= min)}
      rightSection={button(1, subject ? t`One more: ${subject}` : t`One more`, <IconPlus size={14} aria-hidden />, current !== null && typeof max === 'number' && current >= max)}
    />
  );
}
