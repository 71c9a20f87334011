// New payout details for the wallet's method (spec §5 "Withdrawal"): a crypto address on its network, an IBAN
// (a Ukrainian one with the payee's tax number) or SWIFT details, and saving them as a template. Each field
// shows the flow's code for it.
import type { ReactNode } from 'react';
import { Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { cryptoNetworkNames, isUkrainianIban } from '../../../machines/wallet/bank-details';
import type { WithdrawalField, WithdrawalFormValues } from '../../../domain/withdrawal-fields';
import type { WithdrawalMethod } from '../../../domain/ledger';
import { fieldCode, selectError, selectFieldErrors } from '../../../machines/wallet/withdrawal.selectors';
import { WithdrawalContext } from './wallet.contexts';
import { methodText, withdrawalFieldText } from './wallet.messages';

export /** A field's message from the flow (the form's rule or the server's word), or undefined. */
function useFieldErrors() {
  const fieldErrors = WithdrawalContext.useSelector(selectFieldErrors);
  const error = WithdrawalContext.useSelector(selectError);
  return (field: WithdrawalField) => withdrawalFieldText(fieldCode(fieldErrors, error, field));
}

export function Details({
  values,
  methods,
  set,
}: {
  values: WithdrawalFormValues;
  methods: readonly WithdrawalMethod[];
  set: <K extends keyof WithdrawalFormValues>(field: K, value: WithdrawalFormValues[K]) => void;
}) {
  const { t } = useLingui();
  const errorOf = useFieldErrors();
  const text = (field: 'address' | 'holderName' | 'iban' | 'bic' | 'taxId' | 'swift' | 'accountNumber' | 'bankName', label: string, extra: { description?: ReactNode; inputMode?: 'numeric' | 'text'; required?: boolean } = {}) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errorOf(field)}
      autoComplete="off"
      spellCheck={false}
      required={extra.required ?? true}
      inputMode={extra.inputMode}
      description={extra.description}
    />
  );
  return (
    <Stack gap="sm">
      {methods.length > 1 && (
        <NativeSelect
          label={t`Payout method`}
          value={values.method}
          onChange={(event) => set('method', event.currentTarget.value as WithdrawalMethod)}
          data={methods.map((method) => ({ value: method, label: methodText(method) }))}
          error={errorOf('method')}
        />
      )}
      {values.method === 'crypto' && (
        <>
          <NativeSelect
            label={t`Network`}
            value={values.network}
            onChange={(event) => set('network', event.currentTarget.value)}
            data={[{ value: '', label: t`Choose a network` }, ...cryptoNetworkNames.map((name) => ({ value: name, label: name }))]}
            error={errorOf('network')}
            required
          />
          {text('address', t`Wallet address`)}
        </>
      )}
      {values.method === 'iban' && (
        <>
          {text('holderName', t`Account holder`)}
          {text('iban', t`IBAN`, { description: t`Ukrainian IBANs (UA) are accepted too.` })}
          {text('bic', t`BIC (optional)`, { required: false })}
          {isUkrainianIban(values.iban) &&
            text('taxId', t`Tax number (RNOKPP)`, { inputMode: 'numeric', description: t`10 digits, needed for a Ukrainian IBAN.` })}
        </>
      )}
      {values.method === 'swift' && (
        <>
          {text('holderName', t`Account holder`)}
          {text('swift', t`SWIFT code`)}
          {text('accountNumber', t`Account number`, { inputMode: 'numeric', description: t`8 to 20 digits.` })}
          {text('bankName', t`Bank name`)}
        </>
      )}
      <Checkbox
        label={t`Save these details as a template`}
        checked={values.saveTemplate}
        onChange={(event) => set('saveTemplate', event.currentTarget.checked)}
      />
      {values.saveTemplate && (
        <TextInput
          label={t`Template name`}
          value={values.templateName}
          onChange={(event) => set('templateName', event.currentTarget.value)}
          error={errorOf('templateName')}
          required
        />
      )}
    </Stack>
  );
}
