// The withdrawal request (spec §5 "Withdrawal", §6, §9): suspended (overdue invoices) and two-factor off
// explain themselves and link on; otherwise wallet and amount (its bounds shown), a saved template or new
// details for the wallet's payout method, the wallet-access confirmation and the authenticator's code.
// The flow checks the rules and names the fields; what was typed stays after any refusal.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { relevantValues } from '../../../machines/wallet/withdrawal.schema';
import type { WithdrawalSetup } from '../../../machines/wallet/withdrawal.types';
import { blankWithdrawalDetails, type WithdrawalFormValues } from '../../../domain/withdrawal-fields';
import { withdrawalWaitDays } from '../../../domain/limits';
import {
  selectBusy,
  selectError,
  selectRequested,
  selectShowsForm,
  selectSuspended,
  selectSuspendedReason,
  selectTwoFactorOff,
} from '../../../machines/wallet/withdrawal.selectors';
import { CodeInput } from '../../components/code-input';
import { formatMoney } from '../../lib/format';
import { WithdrawalContext } from './wallet.contexts';
import { useMember } from '../../api/account';
import { useFormDraft } from '../../lib/form-drafts';
import { Details, useFieldErrors } from './withdrawal-details';
import { Requested } from './withdrawal-requested';
import { WithdrawalsSuspendedText } from './withdrawals-suspended';

const newDetails = '';

/** The form's first values: on the wallet asked for (`currency`) when the member may withdraw from it, else the first. */
function startValues(setup: WithdrawalSetup, currency: string | null): WithdrawalFormValues {
  const first = setup.currencies.find((entry) => entry.currency === currency) ?? setup.currencies[0];
  return {
    currency: first?.currency ?? '',
    amount: '',
    templateId: null,
    method: first?.methods[0] ?? 'crypto',
    ...blankWithdrawalDetails,
    saveTemplate: false,
    templateName: '',
    confirmAccess: false,
    code: '',
  };
}

/** A draft kept for the member over the start values, when its wallet and method are still offered. */
function withDraft(start: WithdrawalFormValues, draft: Partial<WithdrawalFormValues> | null, setup: WithdrawalSetup): WithdrawalFormValues {
  const wallet = draft && setup.currencies.find((entry) => entry.currency === draft.currency);
  if (!draft || !wallet || !draft.method || !wallet.methods.includes(draft.method)) return start;
  return { ...start, ...draft, templateId: null, confirmAccess: false, code: '' };
}

export function WithdrawalForm({ setupNow, currency = null }: { setupNow: WithdrawalSetup; currency?: string | null }) {
  const suspended = WithdrawalContext.useSelector(selectSuspended);
  const suspendedReason = WithdrawalContext.useSelector(selectSuspendedReason);
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
          <WithdrawalsSuspendedText reason={suspendedReason} />
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
      {showsForm && <RequestForm setup={setupNow} currency={currency} />}
      {requested && <Requested setupNow={setupNow} />}
    </Card>
  );
}

/** The form over the wallets as they are now (`setup`, fetched again after every request and cancel). */
function RequestForm({ setup, currency }: { setup: WithdrawalSetup; currency: string | null }) {
  const { t } = useLingui();
  const actor = WithdrawalContext.useActorRef();
  const busy = WithdrawalContext.useSelector(selectBusy);
  const error = WithdrawalContext.useSelector(selectError);
  const errorOf = useFieldErrors();
  const member = useMember();
  const drafts = useFormDraft<WithdrawalFormValues>('withdrawal', member.uuid);
  const [values, setValues] = useState<WithdrawalFormValues>(() => withDraft(startValues(setup, currency), drafts.draft, setup));
  const errorAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorAlert.current?.focus();
  }, [error]);
  // What is typed survives an expired session (the two-factor code and the confirmation are never kept).
  const { save } = drafts;
  useEffect(() => {
    const { code: _code, confirmAccess: _confirmAccess, ...kept } = values;
    if (kept.amount || kept.address || kept.iban || kept.accountNumber || kept.templateName) save(kept);
  }, [values, save]);

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
        {/* Refusals are said in the notifier; an amount the wallet cannot cover is said here, in the wallet's words. */}
        {error?.reason === 'InsufficientBalance' && (
          <Alert color="red" role="alert" ref={errorAlert} tabIndex={-1}>
            {t`The wallet's available balance does not cover this amount.`}
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

function CodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useLingui();
  const errorOf = useFieldErrors();
  return <CodeInput label={t`Code from the authenticator app`} required value={value} onChange={onChange} error={errorOf('code')} />;
}

