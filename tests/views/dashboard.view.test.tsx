// @vitest-environment jsdom
// The dashboard's widgets with given answers (spec §2 "Widgets"): each widget's loading, empty, error and
// data states, one widget's wait or failure never holding up another, the 12-month selectors, and the
// tenant's dashboard_widgets deciding which widgets show and in what order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { api } from '../../src/api/client';
import { DashboardView, readDashboardWidgets, type DashboardWidget } from '../../src/features/wallet/dashboard-view';
import { renderView } from '../support/render';
import { memberQueryClient } from '../support/member';

const months = [
  '2026-11',
  '2026-10',
  '2026-09',
  '2026-08',
  '2026-07',
  '2026-06',
  '2026-05',
  '2026-04',
  '2026-03',
  '2026-02',
  '2026-01',
  '2025-12',
];
const plans = months.map((month, index) => ({ month, count: Math.max(0, 12 - index), active: index === 0 ? 3 : index === 1 ? 4 : 2 }));
const finance = months.map((month, index) => ({
  month,
  profitSum: index === 1 ? '-12.50' : `${100 + index}.25`,
  invSum: index === 0 ? '0.00' : '300.00',
}));
const deals = (dealsSum: string, dealsCount: number) => ({ dealsSum, dealsCount, currency: 'USDT' });

type Answer = unknown | 'pending' | 'error';
type Answers = Partial<Record<'plans' | 'finance' | 'mine' | 'team', Answer>>;

/** Answers each widget's operation as told: data, never (loading) or a failure. */
function serve(answers: Answers) {
  const keyOf = (document: string) =>
    document.includes('dashboardPlans')
      ? 'plans'
      : document.includes('dashboardFinance')
        ? 'finance'
        : document.includes('dashboardMyDeals')
          ? 'mine'
          : document.includes('dashboardTeamDeals')
            ? 'team'
            : null;
  const wrap = { plans: 'dashboardPlans', finance: 'dashboardFinance', mine: 'dashboardMyDeals', team: 'dashboardTeamDeals' } as const;
  vi.spyOn(api, 'request').mockImplementation(((document: { toString(): string }) => {
    const key = keyOf(document.toString());
    const answer = key ? answers[key] : undefined;
    if (!key || answer === undefined || answer === 'pending') return new Promise(() => {});
    if (answer === 'error') return Promise.reject(Object.assign(new Error('Network'), { category: 'network' }));
    return Promise.resolve({ [wrap[key]]: answer });
  }) as never);
}

function renderDashboard(
  answers: Answers,
  widgets: readonly DashboardWidget[] = ['my_plans', 'my_tariff', 'my_deals', 'team_deals', 'my_finance'],
) {
  serve(answers);
  return renderView(
    <DashboardView widgets={widgets} myTariff={<section aria-label="My tariff">Basic</section>} purchaseBadge={<span>badge</span>} />,
    {
      queryClient: memberQueryClient(),
    },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dashboard view', () => {
  it('shows every widget with data: plans and finance by month, deals and team deals in money', async () => {
    renderDashboard({ plans, finance, mine: deals('1234.5', 4), team: deals('245.00', 3) });
    const myPlans = await screen.findByRole('region', { name: 'My plans' });
    expect(await within(myPlans).findByTestId('plans-count')).toHaveTextContent('12');
    expect(within(myPlans).getByTestId('plans-active')).toHaveTextContent('3');
    fireEvent.change(within(myPlans).getByLabelText('Month'), { target: { value: '2026-10' } });
    expect(within(myPlans).getByTestId('plans-count')).toHaveTextContent('11');
    expect(within(myPlans).getByTestId('plans-active')).toHaveTextContent('4');
    expect(within(myPlans).getAllByRole('option')).toHaveLength(12);
    expect(within(myPlans).getByRole('option', { name: 'November 2026' })).toBeInTheDocument();

    const mine = screen.getByRole('region', { name: 'My deals' });
    expect(await within(mine).findByTestId('my-deals-sum')).toHaveTextContent('$1 234.50');
    expect(within(mine).getByTestId('my-deals-count')).toHaveTextContent('4');
    const team = screen.getByRole('region', { name: 'Team deals' });
    expect(await within(team).findByTestId('team-deals-sum')).toHaveTextContent('$245.00');
    expect(within(team).getByTestId('team-deals-count')).toHaveTextContent('3');

    const money = screen.getByRole('region', { name: 'My finance' });
    expect(await within(money).findByTestId('finance-profit')).toHaveTextContent('$100.25');
    expect(within(money).getByTestId('finance-invested')).toHaveTextContent('$0.00');
    // Each figure has its own month.
    fireEvent.change(within(money).getByLabelText('Profit in'), { target: { value: '2026-10' } });
    expect(within(money).getByTestId('finance-profit')).toHaveTextContent('-$12.50');
    expect(within(money).getByTestId('finance-invested')).toHaveTextContent('$0.00');
    fireEvent.change(within(money).getByLabelText('Invested in'), { target: { value: '2026-09' } });
    expect(within(money).getByTestId('finance-invested')).toHaveTextContent('$300.00');

    expect(screen.getByRole('region', { name: 'My tariff' })).toHaveTextContent('Basic');
  });

  it('shows each widget loading while its answer is on the way, the others already drawn', async () => {
    renderDashboard({ plans: 'pending', finance, mine: 'pending', team: deals('10.00', 1) });
    const myPlans = await screen.findByRole('region', { name: 'My plans' });
    expect(within(myPlans).getByRole('status')).toHaveTextContent('Loading plans…');
    expect(within(screen.getByRole('region', { name: 'My deals' })).getByRole('status')).toHaveTextContent('Loading deals…');
    expect(await screen.findByTestId('team-deals-sum')).toHaveTextContent('$10.00');
    expect(await screen.findByTestId('finance-profit')).toHaveTextContent('$100.25');
  });

  it('says when there is nothing to show yet', async () => {
    renderDashboard({
      plans: months.map((month) => ({ month, count: 0, active: 0 })),
      finance: months.map((month) => ({ month, profitSum: '0.00', invSum: '0.00' })),
      mine: deals('0.00', 0),
      team: deals('0.00', 0),
    });
    expect(await screen.findByText('You have no plans yet.')).toBeInTheDocument();
    expect(await screen.findByText('You have no deals yet.')).toBeInTheDocument();
    expect(await screen.findByText('Your team has no deals yet.')).toBeInTheDocument();
    expect(await screen.findByText('No profit and no investments in the last 12 months.')).toBeInTheDocument();
  });

  it('offers a retry where a widget failed, without blocking the others; a retry that succeeds draws it', async () => {
    renderDashboard({ plans: 'error', finance: 'error', mine: deals('5.00', 1), team: 'error' });
    const myPlans = await screen.findByRole('region', { name: 'My plans' });
    expect(await within(myPlans).findByRole('alert')).toHaveTextContent('Your plans could not be loaded.');
    expect(await screen.findByText('Your finance could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('The deals could not be loaded.')).toBeInTheDocument();
    expect(screen.getByTestId('my-deals-sum')).toHaveTextContent('$5.00');
    vi.restoreAllMocks();
    serve({ plans });
    fireEvent.click(within(myPlans).getByRole('button', { name: 'Try again' }));
    expect(await within(myPlans).findByTestId('plans-count')).toHaveTextContent('12');
  });

  it('shows only the widgets the tenant lists, in its order, and says when it lists none', async () => {
    const { unmount } = renderDashboard({ finance, team: deals('1.00', 1) }, ['team_deals', 'purchase_badge', 'my_finance']);
    const shown = (await screen.findAllByTestId(/^widget-/)).map((element) => element.dataset.testid);
    expect(shown).toEqual(['widget-team_deals', 'widget-purchase_badge', 'widget-my_finance']);
    expect(screen.queryByRole('region', { name: 'My plans' })).not.toBeInTheDocument();
    unmount();
    renderDashboard({}, []);
    expect(await screen.findByText('Your dashboard has no widgets.')).toBeInTheDocument();
  });
});

describe('dashboard_widgets', () => {
  it('reads names in any spelling, objects with a name, leaves unknown ones and repeats out, shows all when unset', () => {
    expect(readDashboardWidgets(['myPlans', 'My tariff', { name: 'team_deals' }, { key: 'my-finance' }, 'banners', 'my_plans', 3])).toEqual(
      ['my_plans', 'my_tariff', 'team_deals', 'my_finance'],
    );
    expect(readDashboardWidgets(null)).toEqual(['my_plans', 'my_tariff', 'my_deals', 'team_deals', 'my_finance']);
    expect(readDashboardWidgets([])).toEqual([]);
  });
});
