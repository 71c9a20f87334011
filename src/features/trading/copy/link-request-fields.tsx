// A follower's settings as fields (issue 32, calls §9): the lot size in percent with its ratio (100 % reads 1:1), an
// optional drawdown limit and the quote asset. The link request and a connection's settings both show these.
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { drawdownLimit, lotSize } from '../../../../domain/copy-trading';
import type { SettingsField, SettingsFieldErrors, SettingsValues } from '../../../../machines/trading/copy-settings.schema';
import { fieldErrorText } from '../../../lib/field-errors';

export function SettingsFields({
  values,
  errors,
  ratio,
  quoteAssets,
  readOnly,
  autoFocus = false,
  onChange,
}: {
  values: SettingsValues;
  errors: SettingsFieldErrors;
  /** The lot size typed as a ratio (1:1), or null while it is not a lot size. */
  ratio: string | null;
  quoteAssets: readonly string[];
  readOnly: boolean;
  /** The lot size takes the focus (a form opened by the member: it scrolls into view). */
  autoFocus?: boolean;
  onChange: (field: SettingsField, value: string) => void;
}) {
  const { t } = useLingui();
  const { min: lotMin, max: lotMax } = lotSize;
  const { min: limitMin, max: limitMax } = drawdownLimit;
  const change = (field: SettingsField) => (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value);
  return (
    <Stack gap="sm">
      <TextInput
        label={t`Lot size, %`}
        required
        inputMode="numeric"
        autoFocus={autoFocus}
        value={values.lotSize}
        readOnly={readOnly}
        error={fieldErrorText(errors.lotSize)}
        description={
          ratio
            ? t`Copies the trader’s trades ${ratio} (${lotMin}-${lotMax} %; 100 % is 1:1).`
            : t`${lotMin}-${lotMax} %; 100 % copies the trader’s trades 1:1.`
        }
        data-testid="settings-lot-size"
        onChange={change('lotSize')}
      />
      <TextInput
        label={t`Drawdown limit, %`}
        inputMode="numeric"
        value={values.drawdownLimit}
        readOnly={readOnly}
        error={fieldErrorText(errors.drawdownLimit)}
        description={t`Optional (${limitMin}-${limitMax} %): copying stops by itself once the copied equity falls this far from its peak. Empty: no limit.`}
        data-testid="settings-drawdown"
        onChange={change('drawdownLimit')}
      />
      <NativeSelect
        label={t`Quote asset`}
        required
        value={values.quoteAsset}
        disabled={readOnly}
        error={fieldErrorText(errors.quoteAsset)}
        data={quoteAssets.map((asset) => ({ value: asset, label: asset }))}
        data-testid="settings-quote-asset"
        onChange={change('quoteAsset')}
      />
    </Stack>
  );
}
