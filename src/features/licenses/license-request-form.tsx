// The licenses page's request panel (issue 30): a product of the member's with licenses left (its name and how
// many are left), the broker account number, the broker's server when the product needs one, and a comment; each
// field's problem beside it. When no request is possible the panel says why instead of the form (calls §8), with
// the way to products when none were bought.
import { Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { brokerAccountLength, brokerServerLength, licenseCommentMax } from '../../../domain/licenses';
import * as license from '../../../machines/licenses/license-request.selectors';
import type { LicenseField, LicenseRefusalReason } from '../../../machines/licenses/license-request.types';
import { RouterAnchor } from '../../components/router-links';
import { appErrorText } from '../../lib/app-error-text';
import { fieldErrorText } from '../../lib/field-errors';
import { LicenseRequestContext } from './licenses.contexts';

function Refusal({ reason }: { reason: LicenseRefusalReason }) {
  return (
    <Alert color="blue" title={<Trans>You cannot request a license now</Trans>} data-testid="license-refusal">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{appErrorText({ code: 'server', reason })}</Text>
        {reason === 'NoProductsBought' && (
          <RouterAnchor to="/products" size="sm">
            <Trans>See the products</Trans>
          </RouterAnchor>
        )}
      </Stack>
    </Alert>
  );
}

function useField(field: LicenseField) {
  const actor = LicenseRequestContext.useActorRef();
  const values = LicenseRequestContext.useSelector(license.selectValues);
  const fieldErrors = LicenseRequestContext.useSelector(license.selectFieldErrors);
  const editable = LicenseRequestContext.useSelector(license.selectEditable);
  return {
    value: values[field],
    error: fieldErrorText(fieldErrors[field]),
    readOnly: !editable,
    onChange: (event: { currentTarget: { value: string } }) => actor.send({ type: 'field.change', field, value: event.currentTarget.value }),
  };
}

function RequestForm() {
  const { t } = useLingui();
  const actor = LicenseRequestContext.useActorRef();
  const products = LicenseRequestContext.useSelector(license.selectProducts);
  const needsServer = LicenseRequestContext.useSelector(license.selectNeedsServer);
  const sending = LicenseRequestContext.useSelector(license.selectSending);
  const product = useField('productId');
  const brokerAccount = useField('brokerAccount');
  const brokerServer = useField('brokerServer');
  const comment = useField('comment');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'request.submit' });
      }}
    >
      <Stack gap="sm">
        <NativeSelect
          label={t`Product`}
          required
          {...product}
          disabled={product.readOnly}
          data={[
            { value: '', label: t`Choose a product` },
            ...products.map((option) => ({ value: option.id, label: t`${option.name} (${option.licensesLeft} left)` })),
          ]}
        />
        <TextInput
          label={t`Broker account number`}
          description={t`${brokerAccountLength.min}-${brokerAccountLength.max} letters, digits, dots or dashes`}
          required
          autoComplete="off"
          maxLength={brokerAccountLength.max}
          {...brokerAccount}
        />
        {needsServer && (
          <TextInput
            label={t`Broker server`}
            description={t`As your trading platform shows it, like Broker-Live02`}
            required
            autoComplete="off"
            maxLength={brokerServerLength.max}
            {...brokerServer}
          />
        )}
        <Textarea label={t`Comment`} rows={3} maxLength={licenseCommentMax} {...comment} />
        <Group>
          <Button type="submit" loading={sending}>
            <Trans>Request a license</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function LicenseRequestPanel() {
  const refusal = LicenseRequestContext.useSelector(license.selectRefusal);
  const formShown = LicenseRequestContext.useSelector(license.selectFormShown);
  const created = LicenseRequestContext.useSelector(license.selectCreated);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="license-request-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="license-request-title">
          <Trans>Request a license</Trans>
        </Title>
        {created && (
          <Alert color="green" role="status" data-testid="license-created">
            <Trans>Your request for {created.productName} is sent: the key shows here once it is accepted.</Trans>
          </Alert>
        )}
        {refusal && <Refusal reason={refusal} />}
        {formShown && <RequestForm />}
      </Stack>
    </Card>
  );
}
