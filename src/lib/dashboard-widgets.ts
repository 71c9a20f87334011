// The dashboard's widget names (spec §3 `dashboard_widgets`): the dashboard lists the tenant's, and
// /widget/{name} shows one alone. Here, not in the view, so the widget route's guard can check a name
// without the dashboard's code.
export const dashboardWidgets = [
  'my_plans',
  'my_tariff',
  'purchase_badge',
  'my_deals',
  'team_deals',
  'my_finance',
  'cms_banners',
] as const;
export type DashboardWidget = (typeof dashboardWidgets)[number];

export const isWidget = (value: string): value is DashboardWidget => (dashboardWidgets as readonly string[]).includes(value);
