// The exchange account form (issue 31), in a drawer over /my-accounts (add) or /my-account/{id} (edit): the name,
// the exchange (when adding) and exactly the credentials it needs, each field's problem beside it. While the key is
// checked the five checks show as steps with a spinner; after a refusal the steps passed are ticked, the failed one
// says why and what to do, the rest are not reached, and everything typed stays. Maintenance says nothing was
// decided; a services' limit offers the upgrade.
import { Alert, Button, Drawer, Group, List, Loader, NativeSelect, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountNameMax, apiKeyMax, isKeyRefusal, passphraseMax, secretMax, type CredentialField } from '../../../domain/trading';
import * as form from '../../../machines/trading/exchange-account.selectors';
import type { AccountField } from '../../../machines/trading/exchange-account.types';
import { RouterAnchor, RouterButton } from '../../components/router-links';
import { appErrorText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { keyCheckNames, keyRefusalAdvice } from './trading.messages';
import { ExchangeAccountContext } from './trading.contexts';

function useField(field: AccountField) {
  const actor = ExchangeAccountContext.useActorRef();
  const values = ExchangeAccountContext.useSelector(form.selectValues);
  const fieldErrors = ExchangeAccountContext.useSelector(form.selectFieldErrors);
  const editable = ExchangeAccountContext.useSelector(form.selectEditable);
  return {
    value: values[field],
    error: fieldErrorText(fieldErrors[field]),
    readOnly: !editable,
    onChange: (event: { currentTarget: { value: string } }) => actor.send({ type: 'field.change', field, value: event.currentTarget.value }),
  };
}

function CredentialInput({ field, optional }: { field: CredentialField; optional: boolean }) {
  const { t } = useLingui();
  const props = useField(field);
  const common = { required: !optional, autoComplete: 'off', spellCheck: false, 'data-testid': `account-${field}`, ...props };
  if (field === 'api_key') return <TextInput label={t`API key`} maxLength={apiKeyMax} {...common} />;
  if (field === 'secret') return <PasswordInput label={t`Secret`} maxLength={secretMax} {...common} />;
  return <PasswordInput label={t`Passphrase`} description={t`The passphrase you set when you created the key`} maxLength={passphraseMax} {...common} />;
}

const stepIcons = {
  passed: <ThemeIcon color="green" size={20} radius="xl" aria-hidden><IconCheck size={14} /></ThemeIcon>,
  failed: <ThemeIcon color="red" size={20} radius="xl" aria-hidden><IconX size={14} /></ThemeIcon>,
  checking: <Loader size={18} aria-hidden />,
  notReached: <ThemeIcon color="gray" variant="light" size={20} radius="xl" aria-hidden><IconCircleDashed size={14} /></ThemeIcon>,
} as const;

/** The key's checks: each step with its state in words too (a screen reader hears "passed", "failed", ...). */
function Checklist() {
  const { t, i18n } = useLingui();
  const steps = form.checklistSteps(ExchangeAccountContext.useSelector(form.selectChecklist));
  const refusal = ExchangeAccountContext.useSelector(form.selectRefusal);
  if (steps.length === 0) return null;
  const stateText = { passed: t`passed`, failed: t`failed`, checking: t`checking…`, notReached: t`not reached` } as const;
  return (
    <Stack gap="xs" data-testid="key-checklist" role="group" aria-label={t`Key checks`}>
      <Text size="sm" fw={600}>
        {steps.every((step) => step.state === 'checking') ? <Trans>Checking the key with the exchange…</Trans> : <Trans>Key checks</Trans>}
      </Text>
      <List spacing={6} listStyleType="none" center>
        {steps.map((step) => (
          <List.Item key={step.check} icon={stepIcons[step.state]} data-testid={`key-check-${step.check}`} data-state={step.state}>
            <Text size="sm" component="span">
              {i18n._(keyCheckNames[step.check])}
              <Text span c="dimmed" size="sm">{` · ${stateText[step.state]}`}</Text>
            </Text>
            {step.state === 'failed' && isKeyRefusal(refusal) && (
              <Stack gap={2} role="alert">
                <Text size="sm" c="var(--mantine-color-error)" data-testid="key-check-reason">
                  {appErrorText({ code: 'server', reason: refusal })}
                </Text>
                {keyRefusalAdvice[refusal] && (
                  <Text size="sm" data-testid="key-check-advice">
                    {i18n._(keyRefusalAdvice[refusal])}{' '}
                    {refusal === 'AccountNotQualified' && (
                      <RouterAnchor to="/tariffs" size="sm">
                        <Trans>See the tariffs</Trans>
                      </RouterAnchor>
                    )}
                  </Text>
                )}
              </Stack>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Maintenance, or a services' limit: nothing was decided, or the upgrade is the way on. */
function RefusalNote() {
  const refusal = ExchangeAccountContext.useSelector(form.selectRefusal);
  if (!refusal || isKeyRefusal(refusal)) return null;
  const limit = refusal === 'AccountLimitReached' || refusal === 'ExchangeNotInService';
  return (
    <Alert color={limit ? 'blue' : 'yellow'} role="alert" data-testid="account-refusal">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{appErrorText({ code: 'server', reason: refusal })}</Text>
        {limit && (
          <RouterAnchor to="/tariffs" size="sm">
            <Trans>See the tariffs</Trans>
          </RouterAnchor>
        )}
      </Stack>
    </Alert>
  );
}

function AccountForm() {
  const { t } = useLingui();
  const actor = ExchangeAccountContext.useActorRef();
  const mode = ExchangeAccountContext.useSelector(form.selectMode);
  const exchanges = ExchangeAccountContext.useSelector(form.selectExchanges);
  const account = ExchangeAccountContext.useSelector(form.selectAccount);
  const credentials = ExchangeAccountContext.useSelector(form.selectCredentialFields);
  const busy = ExchangeAccountContext.useSelector(form.selectBusy);
  const checksKey = ExchangeAccountContext.useSelector(form.selectChecksKey);
  const name = useField('name');
  const exchange = useField('exchange');
  const shown = credentials === '' ? [] : (credentials.split(',') as CredentialField[]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'account.submit' });
      }}
    >
      <Stack gap="sm">
        <TextInput label={t`Account name`} description={t`At most ${accountNameMax} characters`} required maxLength={accountNameMax} data-autofocus {...name} />
        {mode === 'add' ? (
          <NativeSelect
            label={t`Exchange`}
            required
            {...exchange}
            disabled={exchange.readOnly}
            data={[{ value: '', label: t`Choose an exchange` }, ...exchanges.map((option) => ({ value: option.id, label: option.name }))]}
          />
        ) : (
          <Text size="sm">
            <Trans>
              Exchange: {account?.exchangeName}. Key ····{account?.apiKeyLast4}.
            </Trans>
          </Text>
        )}
        {mode === 'edit' && shown.length > 0 && (
          <Text size="sm" c="dimmed">
            <Trans>To keep the current key, leave the key fields empty. A new key is checked before it replaces the current one.</Trans>
          </Text>
        )}
        {shown.map((field) => (
          <CredentialInput key={field} field={field} optional={mode === 'edit'} />
        ))}
        {mode === 'add' && shown.length > 0 && (
          <Text size="xs" c="dimmed">
            <Trans>Create a key with the trading right and without the withdrawal right. It is checked with the exchange before anything is saved, and never shown again.</Trans>
          </Text>
        )}
        <Checklist />
        <RefusalNote />
        <Group>
          <Button type="submit" loading={busy}>
            {mode === 'add' ? <Trans>Check and add</Trans> : checksKey ? <Trans>Check and save</Trans> : <Trans>Save</Trans>}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'form.cancel' })}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form in a drawer: it opens on Add or Edit, traps focus while open and gives it back when it closes. */
function AccountFormDrawer() {
  const { t } = useLingui();
  const actor = ExchangeAccountContext.useActorRef();
  const open = ExchangeAccountContext.useSelector(form.selectOpen);
  const mode = ExchangeAccountContext.useSelector(form.selectMode);
  const busy = ExchangeAccountContext.useSelector(form.selectBusy);
  return (
    <Drawer
      opened={open}
      onClose={() => {
        if (!busy) actor.send({ type: 'form.cancel' });
      }}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={mode === 'add' ? <Trans>Add an exchange account</Trans> : <Trans>Edit the account</Trans>}
    >
      <AccountForm />
    </Drawer>
  );
}

/**
 * The action that opens the form (Add account, or Edit on an account's page) and the form's drawer. `refusal`: why
 * no account can be added now (the services' limit): then the action says so and offers the upgrade instead.
 */
export function AccountFormAction({ refusal = null }: { refusal?: 'AccountLimitReached' | 'ExchangeNotInService' | null }) {
  const actor = ExchangeAccountContext.useActorRef();
  const mode = ExchangeAccountContext.useSelector(form.selectMode);
  if (mode === 'add' && refusal) {
    return (
      <Alert color="blue" data-testid="add-account-refusal">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{appErrorText({ code: 'server', reason: refusal })}</Text>
          <RouterButton to="/tariffs" size="xs" variant="light">
            <Trans>Upgrade</Trans>
          </RouterButton>
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <Group>
        <Button variant={mode === 'add' ? 'filled' : 'default'} onClick={() => actor.send({ type: 'form.open' })}>
          {mode === 'add' ? <Trans>Add account</Trans> : <Trans>Edit</Trans>}
        </Button>
      </Group>
      <AccountFormDrawer />
    </>
  );
}
