// @vitest-environment jsdom
// The thank-you page's main action follows what was bought (issue 26, item 1): a course → that course, a
// tariff or an upgrade → My tariff, a deposit → the balance, a subscription → subscriptions, anything else →
// the invoices.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { invoiceQueryOptions, type Invoice } from '../../src/api/payments';
import { myCoursesQueryOptions, type MyCourse } from '../../src/api/learning';
import { ThankYou } from '../../src/features/payments/thank-you';
import { renderView, testTenant } from '../support/render';
import { pageInvoice } from './payments-walk-support';

const tradingBasics: MyCourse = {
  id: '5',
  name: 'Trading Basics',
  image: null,
  bg_color: null,
  excerpt: null,
  lectures_number: 12,
  course_stats: { lectures_views: 0 },
  requires_subscription: false,
  next_lecture_id: '18',
  product_id: '1',
};

async function show(changes: Partial<Invoice>, { courses = [] as MyCourse[], tariffsOn = true } = {}) {
  const invoice = pageInvoice({ status: 'paid', ...changes });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(invoiceQueryOptions(invoice.tag).queryKey, { invoice });
  queryClient.setQueryData(myCoursesQueryOptions(testTenant.uuid).queryKey, courses);
  renderView(<ThankYou tag={invoice.tag} coursesOn tariffsOn={tariffsOn} />, { queryClient });
  await screen.findByTestId('thankyou-invoice');
}

const mainAction = () => screen.getByTestId('thankyou-actions').querySelector('a')!;

describe('the thank-you page leads to what was bought', () => {
  it('a course bought as a product: its next lesson', async () => {
    await show({ kind: 'order' }, { courses: [{ ...tradingBasics, product_id: '7', id: '4', name: 'Other' }, tradingBasics] });
    expect(mainAction()).toHaveTextContent('Open the course: Trading Basics');
    expect(mainAction()).toHaveAttribute('href', '/course/5/18');
  });

  it.each([
    ['an order of products that are no course', { kind: 'order' }, true, 'Invoices', '/invoices'],
    ['a tariff', { kind: 'tariff' }, true, 'My tariff', '/tariffs'],
    ['an upgrade, where the portal has no tariffs page', { kind: 'upgrade' }, false, 'My tariff', '/dashboard'],
    ['a deposit', { kind: 'deposit' }, true, 'Balance', '/balance'],
    ['a subscription', { kind: 'subscription' }, true, 'Subscriptions', '/subscriptions'],
  ] as const)('%s', async (_what, changes, tariffsOn, label, href) => {
    await show(changes, { courses: [tradingBasics].map((course) => ({ ...course, product_id: '99' })), tariffsOn });
    expect(mainAction()).toHaveTextContent(label);
    expect(mainAction()).toHaveAttribute('href', href);
  });
});
