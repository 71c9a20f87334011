// The trading area's data as its flows and pages hold it (issue 31; server/schema.graphql "exchange accounts and
// services"): the exchanges accounts are added on, a member's exchange accounts, and their services.
import type { AccountStatus, CredentialField, ServiceUsage, SuspensionCause } from '../../domain/trading';

/** An exchange accounts can be added on, and the credentials its keys need (moduleExchanges). */
export interface ExchangeOption {
  id: string;
  name: string;
  /** Of api_key, secret and passphrase, in that order: exactly the fields the form shows. */
  requiredCredentials: CredentialField[];
}

/** A copy-trading connection an account serves. */
export interface AccountConnectionRow {
  id: string;
  strategyName: string;
  status: string;
  createdAt: string;
}

/** A member's exchange account (its secrets never come back: the key shows as its last 4 characters). */
export interface ExchangeAccountRow {
  id: string;
  name: string;
  exchange: string;
  exchangeName: string;
  status: AccountStatus;
  apiKeyLast4: string;
  /** USDT balance as read when the key was last checked, a Decimal string; null when none could be read. */
  balance: { amount: string; currency: string } | null;
  balanceReadAt: string | null;
  disconnectReason: string | null;
  disconnectedAt: string | null;
  suspensionCause: SuspensionCause | null;
  connections: AccountConnectionRow[];
  createdAt: string;
}

/** A service the member holds: its limits against what the member uses. */
export interface ServiceRow {
  id: string;
  name: string;
  status: string;
  type: string | null;
  activatedTill: string | null;
  config: {
    investorAccounts: number | null;
    linkings: number | null;
    exchanges: string[] | null;
    tradingVolume: string | null;
    tradingVolumeCurrency: string | null;
    riskManagement: boolean | null;
  } | null;
  usage: ServiceUsage | null;
}
