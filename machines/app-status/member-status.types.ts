export interface MemberSettings {
  status: string;
  unpaid_trader_fee_invoices: number;
  overdue_trader_fee_invoices: number;
}

export type MemberStatusEvent = ({ type: 'settings.received' } & MemberSettings) | { type: 'invoices.open' };

export interface MemberStatusContext {
  /** The last settings the poll brought, or null before the first. */
  settings: MemberSettings | null;
}
