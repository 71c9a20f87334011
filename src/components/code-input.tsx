// A 6-digit verification code (spec §5 "Verification codes": numeric, exactly 6 digits, masked). One field,
// so pasting and screen readers work; digits only.
import { forwardRef } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { codeLength } from '../../domain/limits';

interface CodeInputProps extends Omit<PasswordInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (code: string) => void;
}

export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput({ value, onChange, ...props }, ref) {
  const { t } = useLingui();
  return (
    <PasswordInput
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={codeLength}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, codeLength))}
      visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the code` }}
      styles={{ innerInput: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
});
