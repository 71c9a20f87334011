// The trading area's words: an account's status (labels follow the values, calls §4; a context of their own keeps
// them apart from the same English words elsewhere), the key's checks as the checklist names them, what the member
// does when a check fails, and why the server suspended an account (calls §8).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountStatus, KeyCheck, KeyRefusal, SuspensionCause } from '../../../domain/trading';

export const accountStatusNames: Record<AccountStatus, MessageDescriptor> = {
  connected: msg({ message: 'Connected', context: 'exchange account status' }),
  disconnected: msg({ message: 'Disconnected', context: 'exchange account status' }),
  failed: msg({ message: 'Failed', context: 'exchange account status' }),
  suspended: msg({ message: 'Suspended', context: 'exchange account status' }),
};

export const keyCheckNames: Record<KeyCheck, MessageDescriptor> = {
  credentials: msg`Credentials accepted`,
  balance: msg`Balance read`,
  trading: msg`Trading allowed`,
  withdrawal: msg`No withdrawal right`,
  qualified: msg`Account qualified`,
};

/** The spec's text for each cause (calls §8); both link to /invoices. */
export const suspensionTexts: Record<SuspensionCause, MessageDescriptor> = {
  overdue_invoices: msg`Copy trading suspended because of overdue invoices.`,
  trading_suspended: msg`Account not active: check the subscription and invoices.`,
};

/** A service's status (spec §3: active, expired, canceled). */
export const serviceStatusNames = {
  active: msg({ message: 'Active', context: 'service status' }),
  expired: msg({ message: 'Expired', context: 'service status' }),
  canceled: msg({ message: 'Canceled', context: 'service status' }),
} satisfies Record<string, MessageDescriptor>;

/** What to do after a refused check, where the reason's own text does not say it. */
export const keyRefusalAdvice: Partial<Record<KeyRefusal, MessageDescriptor>> = {
  ApiKeyInvalid: msg`Check that the key, secret and passphrase are copied whole, or create a new key on the exchange.`,
  AccountNotQualified: msg`Exchange accounts opened before 1 June 2021 need a service: see the tariffs.`,
};
