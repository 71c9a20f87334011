// The thank-you page (spec §2 "/thankyou/{id?}", §4 "Invoice payment"): the paid invoice's summary and where
// to go next.
import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';
import { invoiceQueryOptions } from '../../api/payments';
import { RouterButton } from '../../components/router-links';
import { formatMoney } from '../../lib/format';

export function ThankYou({ tag, coursesOn, productsOn }: { tag: string | undefined; coursesOn: boolean; productsOn: boolean }) {
  const { t } = useLingui();
  const query = useQuery({ ...invoiceQueryOptions(tag ?? ''), enabled: Boolean(tag) });
  const invoice = query.data?.invoice;
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" w="100%">
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={56} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={2}>
          <Trans>Thank you!</Trans>
        </Title>
        {invoice ? (
          <Stack gap={4} data-testid="thankyou-invoice">
            <Text role="status">
              {invoice.status === 'paid' ? (
                <Trans>
                  Invoice {invoice.tag} is paid: {formatMoney(invoice.total, invoice.currency)}.
                </Trans>
              ) : (
                <Trans>
                  Invoice {invoice.tag}: we are waiting for the payment to arrive.
                </Trans>
              )}
            </Text>
            {invoice.items.map((item, index) => (
              <Text key={`${item.subject}-${index}`} c="dimmed" size="sm">
                {item.qty > 1 ? `${item.qty} × ${item.subject}` : item.subject}
              </Text>
            ))}
          </Stack>
        ) : (
          query.isError && (
            <Alert color="gray" role="status">
              <Trans>Invoice not found.</Trans>
            </Alert>
          )
        )}
        {!tag && (
          <Text role="status">
            <Trans>Your payment is on its way.</Trans>
          </Text>
        )}
        <Group justify="center" wrap="wrap">
          {coursesOn && <RouterButton to="/my-courses">{t`My courses`}</RouterButton>}
          {productsOn && (
            <RouterButton to="/products" variant="default">
              {t`Products`}
            </RouterButton>
          )}
          <RouterButton to="/invoices" variant="default">
            {t`Invoices`}
          </RouterButton>
          <RouterButton to="/dashboard" variant="default">
            {t`Dashboard`}
          </RouterButton>
        </Group>
      </Stack>
    </Card>
  );
}
