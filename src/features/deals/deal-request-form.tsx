// The deal request form (issue 30; spec §3 Deal) in three steps a person can finish on a phone: about you (names,
// job, marital status, kids), what you look for (distance to the sea, payment scheme, readiness) and how to reach
// you (contacts). Each step's problems show beside their fields; the answers are kept as a draft for this tab, so
// the member can leave the page and come back. Once filed, the deal's number and status, and where to follow it.
import { useEffect, useRef, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Alert, Button, Card, Group, NativeSelect, Stack, Stepper, Text, Textarea, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { dealContactsLength, dealNameMax, dealSteps, type DealField, type DealStep } from '../../../domain/deals';
import * as request from '../../../machines/deals/deal-request.selectors';
import { fieldErrorText } from '../../lib/field-errors';
import { DealRequestContext } from './deals.contexts';
import { dealStatusNames, dealStepNames, distanceNames, kidsNames, maritalStatusNames, paymentSchemeNames, readinessNames } from './deals.messages';

const stepOrder = Object.keys(dealSteps) as DealStep[];

function useField(field: DealField) {
  const actor = DealRequestContext.useActorRef();
  const value = DealRequestContext.useSelector(request.selectValue(field));
  const problem = DealRequestContext.useSelector(request.selectFieldError(field));
  const sending = DealRequestContext.useSelector(request.selectSending);
  return {
    name: field,
    value,
    error: fieldErrorText(problem),
    disabled: sending,
    'data-testid': `deal-${field}`,
    onChange: (event: { currentTarget: { value: string } }) => actor.send({ type: 'field.change', field, value: event.currentTarget.value }),
  };
}

function TextField({ field, label, autoComplete }: { field: DealField; label: ReactNode; autoComplete?: string }) {
  return <TextInput {...useField(field)} label={label} required maxLength={dealNameMax} autoComplete={autoComplete} />;
}

function ChoiceField({ field, label, choices }: { field: DealField; label: ReactNode; choices: Record<string, MessageDescriptor> }) {
  const { i18n, t } = useLingui();
  const data = [{ value: '', label: t`Choose…`, disabled: true }, ...Object.entries(choices).map(([value, name]) => ({ value, label: i18n._(name) }))];
  return <NativeSelect {...useField(field)} label={label} required data={data} />;
}

function StepFields({ step }: { step: DealStep }) {
  const { t } = useLingui();
  switch (step) {
    case 'who':
      return (
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <TextField field="first_name" label={t`First name`} autoComplete="given-name" />
            <TextField field="last_name" label={t`Last name`} autoComplete="family-name" />
          </Group>
          <TextField field="job" label={t`Job`} autoComplete="organization-title" />
          <ChoiceField field="marital_status" label={t`Marital status`} choices={maritalStatusNames} />
          <ChoiceField field="kids" label={t`Kids`} choices={kidsNames} />
        </Stack>
      );
    case 'what':
      return (
        <Stack gap="sm">
          <ChoiceField field="distance_to_sea" label={t`Distance to the sea`} choices={distanceNames} />
          <ChoiceField field="payment_scheme" label={t`Payment scheme`} choices={paymentSchemeNames} />
          <ChoiceField field="readiness" label={t`Readiness`} choices={readinessNames} />
        </Stack>
      );
    case 'contacts':
      return (
        <Textarea
          {...useField('contacts')}
          label={t`Contacts`}
          description={t`A phone, an email or a messenger, and when it suits you to be called.`}
          required
          rows={4}
          maxLength={dealContactsLength.max}
        />
      );
  }
}

function Filed({ onSeeDeals }: { onSeeDeals: () => void }) {
  const { i18n } = useLingui();
  const actor = DealRequestContext.useActorRef();
  const deal = DealRequestContext.useSelector(request.selectFiled);
  if (!deal) return null;
  return (
    <Alert color="green" title={<Trans>Your request is filed</Trans>} role="status" data-testid="deal-filed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <Trans>
            Deal No. {deal.id} is {i18n._(dealStatusNames[deal.status])}. A manager will contact you; its progress shows under My deals.
          </Trans>
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onSeeDeals}>
            <Trans>See my deals</Trans>
          </Button>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'deal.another' })} data-testid="deal-another">
            <Trans>File another request</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `onSeeDeals`: where "See my deals" leads once the deal is filed. */
export function DealRequestForm({ onSeeDeals }: { onSeeDeals: () => void }) {
  const { i18n } = useLingui();
  const actor = DealRequestContext.useActorRef();
  const step = DealRequestContext.useSelector(request.selectStep);
  const sending = DealRequestContext.useSelector(request.selectSending);
  // A new step takes the focus to its heading, so a screen reader says where the member is; not on the first show.
  const heading = useRef<HTMLParagraphElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step && step !== null) heading.current?.focus();
    shownStep.current = step;
  }, [step]);
  if (step === null) return <Filed onSeeDeals={onSeeDeals} />;
  const index = stepOrder.indexOf(step);
  const last = index === stepOrder.length - 1;
  return (
    <Card withBorder padding="md">
      <form
        noValidate
        aria-label={i18n._(dealStepNames[step])}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: last ? 'deal.submit' : 'step.next' });
        }}
      >
        <Stack gap="md">
          <Stepper active={index} size="sm" allowNextStepsSelect={false} aria-hidden>
            {stepOrder.map((name) => (
              <Stepper.Step key={name} label={<Text size="sm" visibleFrom="sm">{i18n._(dealStepNames[name])}</Text>} />
            ))}
          </Stepper>
          <Text fw={600} data-testid="deal-step" ref={heading} tabIndex={-1} aria-live="polite">
            <Trans>
              Step {index + 1} of {stepOrder.length}: {i18n._(dealStepNames[step])}
            </Trans>
          </Text>
          <StepFields step={step} />
          <Group justify="space-between">
            {index > 0 ? (
              <Button variant="default" onClick={() => actor.send({ type: 'step.back' })} disabled={sending} data-testid="deal-back">
                <Trans>Back</Trans>
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={sending} data-testid={last ? 'deal-send' : 'deal-next'}>
              {last ? <Trans>Send the request</Trans> : <Trans>Next</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
