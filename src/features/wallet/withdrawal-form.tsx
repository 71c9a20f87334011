// The withdrawal request (spec §5 "Withdrawal", §6, §9): suspended (overdue invoices) and two-factor off
// explain themselves and link on; otherwise wallet and amount (its bounds shown), a saved template or new
// details for the wallet's payout method, the wallet-access confirmation and the authenticator's code.
// The flow checks the rules and names the fields; what was typed stays after any refusal.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconShieldLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { cryptoNetworkNames, isUkrainianIban } from '../../../machines/wallet/bank-details';
import { relevantValues, type WithdrawalField, type WithdrawalFormValues } from '../../../machines/wallet/withdrawal.schema';
import type { WithdrawalSetup } from '../../../machines/wallet/withdrawal.types';
import type { WithdrawalMethod } from '../../../domain/ledger';
import { withdrawalWaitDays } from '../../../domain/limits';
import {
  selectBusy,
  selectError,
  selectFieldErrors,
  fieldCode,
  selectRequested,
  selectShowsForm,
  selectSuspended,
  selectTwoFactorOff,
} from '../../../machines/wallet/withdrawal.selectors';
import { appErrorText } from '../../lib/app-error-text';
import { CodeInput } from '../../components/code-input';
import { formatMoney } from '../../lib/format';
import { WithdrawalContext } from './wallet.contexts';
import { methodText, withdrawalFieldText, withdrawalStatusText } from './wallet.messages';

const newDetails = '';

function startValues(setup: WithdrawalSetup): WithdrawalFormValues {
  const first = setup.currencies[0];
  return {
    currency: first?.currency ?? '',
    amount: '',
    templateId: null,
    method: first?.methods[0] ?? 'crypto',
    network: '',
    address: '',
    holderName: '',
    iban: '',
    bic: '',
    taxId: '',
    swift: '',
    accountNumber: '',
    bankName: '',
    saveTemplate: false,
    templateName: '',
    confirmAccess: false,
    code: '',
  };
}

export function WithdrawalForm({ setupNow }: { setupNow: WithdrawalSetup }) {
  const suspended = WithdrawalContext.useSelector(selectSuspended);
  const twoFactorOff = WithdrawalContext.useSelector(selectTwoFactorOff);
  const showsForm = WithdrawalContext.useSelector(selectShowsForm);
  const requested = WithdrawalContext.useSelector(selectRequested);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="withdrawal-form-title">
      <Title order={2} size="h4" id="withdrawal-form-title" mb="md">
        <Trans>Request a withdrawal</Trans>
      </Title>
      {suspended && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="withdrawals-suspended">
          <Stack gap="xs">
            <Text size="sm">
              <Trans>Withdrawals are suspended because of overdue invoices.</Trans>
            </Text>
            <Anchor component={Link} to="/invoices" size="sm">
              <Trans>Pay the overdue invoices</Trans>
            </Anchor>
          </Stack>
        </Alert>
      )}
      {twoFactorOff && (
        <Alert color="yellow" icon={<IconShieldLock size={18} />} data-testid="withdrawal-needs-2fa">
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                A withdrawal is confirmed with a code from your authenticator app. Turn on two-factor authentication to
                withdraw.
              </Trans>
            </Text>
            <Anchor component={Link} to="/security" size="sm">
              <Trans>Turn on two-factor authentication</Trans>
            </Anchor>
          </Stack>
        </Alert>
      )}
      {showsForm && <RequestForm setup={setupNow} />}
      {requested && <Requested setupNow={setupNow} />}
    </Card>
  );
}

function Requested({ setupNow }: { setupNow: WithdrawalSetup }) {
  const actor = WithdrawalContext.useActorRef();
  const requested = WithdrawalContext.useSelector(selectRequested)!;
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const amount = formatMoney(requested.amount, requested.currency);
  const status = withdrawalStatusText(requested.status);
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" aria-live="polite" ref={heading} tabIndex={-1}>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            <Trans>
              Your withdrawal of {amount} is requested (status: {status}).
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>
              It goes to {requested.destination}. Payouts take {withdrawalWaitDays.min}-{withdrawalWaitDays.max} working
              days.
            </Trans>
          </Text>
        </Stack>
      </Alert>
      <Group>
        <Button variant="light" onClick={() => actor.send({ type: 'withdrawal.again', setup: setupNow })}>
          <Trans>Request another withdrawal</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** The form over the wallets as they are now (`setup`, fetched again after every request and cancel). */
function RequestForm({ setup }: { setup: WithdrawalSetup }) {
  const { t } = useLingui();
  const actor = WithdrawalContext.useActorRef();
  const busy = WithdrawalContext.useSelector(selectBusy);
  const error = WithdrawalContext.useSelector(selectError);
  const errorOf = useFieldErrors();
  const [values, setValues] = useState<WithdrawalFormValues>(() => startValues(setup));
  const errorAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorAlert.current?.focus();
  }, [error]);

  if (setup.currencies.length === 0) {
    return (
      <Text c="dimmed" data-testid="no-withdrawal-wallets">
        <Trans>You have no wallet to withdraw from yet.</Trans>
      </Text>
    );
  }
  const set = <K extends keyof WithdrawalFormValues>(field: K, value: WithdrawalFormValues[K]) => setValues((now) => ({ ...now, [field]: value }));
  const wallet = setup.currencies.find((currency) => currency.currency === values.currency) ?? setup.currencies[0]!;
  const templates = setup.templates.filter((template) => wallet.methods.includes(template.type));
  const changeCurrency = (currency: string) => {
    const next = setup.currencies.find((entry) => entry.currency === currency);
    setValues((now) => ({
      ...now,
      currency,
      method: next && !next.methods.includes(now.method) ? next.methods[0]! : now.method,
      templateId: null,
    }));
  };
  const minimum = formatMoney(wallet.min, wallet.currency);
  const maximum = formatMoney(wallet.max, wallet.currency);
  const available = formatMoney(wallet.available, wallet.currency);

  return (
    <form
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'withdrawal.submit', values: relevantValues(values), setup });
      }}
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert" ref={errorAlert} tabIndex={-1}>
            {error.reason === 'InsufficientBalance' ? t`The wallet's available balance does not cover this amount.` : appErrorText(error)}
          </Alert>
        )}
        <NativeSelect
          label={t`Wallet`}
          value={values.currency}
          onChange={(event) => changeCurrency(event.currentTarget.value)}
          data={setup.currencies.map((currency) => ({
            value: currency.currency,
            label: `${currency.currency} · ${formatMoney(currency.available, currency.currency)}`,
          }))}
          error={errorOf('currency')}
        />
        <TextInput
          label={t`Amount`}
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onChange={(event) => set('amount', event.currentTarget.value)}
          description={t`Available ${available}. From ${minimum} to ${maximum}.`}
          error={errorOf('amount')}
          required
        />
        <NativeSelect
          label={t`Pay out to`}
          value={values.templateId ?? newDetails}
          onChange={(event) => set('templateId', event.currentTarget.value === newDetails ? null : event.currentTarget.value)}
          data={[
            { value: newDetails, label: t`New payout details` },
            ...templates.map((template) => ({
              value: template.id,
              label: template.destination ? `${template.name} (${template.destination})` : template.name,
            })),
          ]}
          error={errorOf('templateId')}
        />
        {values.templateId === null && <Details values={values} methods={wallet.methods} set={set} />}
        <Checkbox
          label={t`I confirm that I have access to this wallet or account`}
          checked={values.confirmAccess}
          onChange={(event) => set('confirmAccess', event.currentTarget.checked)}
          error={errorOf('confirmAccess')}
        />
        <CodeField value={values.code} onChange={(code) => set('code', code)} />
        <Text size="sm" c="dimmed">
          <Trans>
            The amount is reserved in your wallet until the payout. Payouts take {withdrawalWaitDays.min}-{withdrawalWaitDays.max}{' '}
            working days.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            <Trans>Request withdrawal</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A field's message from the flow (the form's rule or the server's word), or undefined. */
function useFieldErrors() {
  const fieldErrors = WithdrawalContext.useSelector(selectFieldErrors);
  const error = WithdrawalContext.useSelector(selectError);
  return (field: WithdrawalField) => withdrawalFieldText(fieldCode(fieldErrors, error, field));
}

function CodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useLingui();
  const errorOf = useFieldErrors();
  return <CodeInput label={t`Code from the authenticator app`} required value={value} onChange={onChange} error={errorOf('code')} />;
}

function Details({
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
