// The thank-you page (spec §2 "/thankyou/{id?}", §4 "Invoice payment"): the paid invoice's summary and where
// to go next, which follows what was bought: a course → that course, a tariff or an upgrade → My tariff, a
// deposit or a coin bought from a merchant → the balance, a subscription → subscriptions, anything else → the invoices.
import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';
import { invoiceQueryOptions, type Invoice } from '../../api/payments';
import { myCoursesQueryOptions, type MyCourse } from '../../api/learning';
import { RouterButton } from '../../components/router-links';
import { formatMoney } from '../../lib/format';
import { useTenant } from '../../lib/tenant-context';

/** Which modules the tenant has on: where the next step may lead. */
export interface ThankYouModules {
  coursesOn: boolean;
  tariffsOn: boolean;
}

/** The first course of the member's that one of the invoice's products sold (null: none, or not yet known). */
function boughtCourse(invoice: Invoice, courses: readonly MyCourse[] | undefined): MyCourse | null {
  const sold = new Set(invoice.items.flatMap((item) => (item.product_id ? [item.product_id] : [])));
  return courses?.find((course) => course.product_id !== null && course.product_id !== undefined && sold.has(course.product_id) && course.next_lecture_id) ?? null;
}

export function ThankYou({ tag, coursesOn, tariffsOn }: { tag: string | undefined } & ThankYouModules) {
  const tenant = useTenant();
  const query = useQuery({ ...invoiceQueryOptions(tag ?? ''), enabled: Boolean(tag) });
  const invoice = query.data?.invoice;
  const paidOrder = invoice?.kind === 'order' && invoice.status === 'paid';
  const courses = useQuery({ ...myCoursesQueryOptions(tenant.uuid), enabled: coursesOn && paidOrder });
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
        <Group justify="center" wrap="wrap" data-testid="thankyou-actions">
          <NextStep invoice={invoice} course={invoice && paidOrder ? boughtCourse(invoice, courses.data) : null} tariffsOn={tariffsOn} />
          <RouterButton to="/dashboard" variant="default">
            <Trans>Dashboard</Trans>
          </RouterButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** The main action: where what was bought is found; the invoices when nothing more particular applies. */
function NextStep({ invoice, course, tariffsOn }: { invoice: Invoice | null | undefined; course: MyCourse | null; tariffsOn: boolean }) {
  const { t } = useLingui();
  if (course) {
    const name = course.name;
    return (
      <RouterButton to="/course/$courseId/$lessonId" params={{ courseId: course.id, lessonId: course.next_lecture_id! }}>
        {t`Open the course: ${name}`}
      </RouterButton>
    );
  }
  switch (invoice?.kind) {
    case 'tariff':
    case 'upgrade':
      // Without a tariffs page, My tariff is the dashboard's panel.
      return <RouterButton to={tariffsOn ? '/tariffs' : '/dashboard'}>{t`My tariff`}</RouterButton>;
    case 'deposit':
    case 'merchant':
      return <RouterButton to="/balance">{t`Balance`}</RouterButton>;
    case 'subscription':
      return <RouterButton to="/subscriptions">{t`Subscriptions`}</RouterButton>;
    default:
      return <RouterButton to="/invoices">{t`Invoices`}</RouterButton>;
  }
}
