// A reason given for disconnecting or declining (spec §5: 1-400 characters): the text with its counter, its problem
// beside it, and what typing it does (the disconnect, the decline); it takes the focus when its form opens.
import type { ReactNode } from 'react';
import { Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { disconnectReasonMax } from '../../../domain/trading';
import { fieldErrorText } from '../../lib/field-errors';

export function ReasonField({
  label,
  value,
  error,
  busy,
  note,
  rows = 3,
  onChange,
}: {
  label: string;
  value: string;
  /** The reason's field code (required, maxLength:400), or null. */
  error: string | null;
  busy: boolean;
  /** Said after the counter (who reads the reason). */
  note?: ReactNode;
  rows?: number;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Textarea
      label={label}
      required
      rows={rows}
      autoFocus
      value={value}
      readOnly={busy}
      error={fieldErrorText(error)}
      description={
        <>
          {t`${value.length} of ${disconnectReasonMax} characters`}
          {note && <> {note}</>}
        </>
      }
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
