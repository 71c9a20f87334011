// What the Connect panel weighs before the member starts, and the form's rules (issue 32; calls §8, §9;
// domain/copy-trading.ts linkRefusal). The refusals the server would meet are asked of the same rule with the facts the
// page has: the strategy (own, probation, full), the member (overdue invoices, trading suspended, the services'
// linkings) and each account (connected, already linked, balance against the minimum deposit). An account is offered
// only when the rule lets it through; with none, the member is sent to /my-accounts.
import { linkRefusal, linkRefusals, type LinkFacts, type LinkRefusal } from '../../domain/copy-trading';
import type { LinkAccount, LinkFactsLoaded } from './copy-links.types';
import { settingsErrors, settingsInputOf, type SettingsFieldErrors, type SettingsValues } from './copy-settings.schema';

/** Why the member cannot ask before they start: the rule's strategy-wide and member-wide refusals, or no account fits. */
export type PanelRefusal = Exclude<LinkRefusal, 'AlreadyLinked' | 'BelowMinimumDeposit'> | 'NoEligibleAccount';

/** A form refusal the server answered by name: the rule's, or an account or strategy that is gone. */
export type SubmitRefusal = LinkRefusal | 'AccountNotFound';
export const submitRefusals: readonly SubmitRefusal[] = [...linkRefusals, 'AccountNotFound'];

export interface LinkValues extends SettingsValues {
  accountId: string;
}
export type LinkField = keyof LinkValues;
export type LinkFieldErrors = SettingsFieldErrors & { accountId?: string };

/** The account's balance in the strategy's quote asset; null when unread or in another asset (the server reads it so). */
const balanceIn = (account: LinkAccount, asset: string) =>
  account.balance && account.balance.currency.toUpperCase() === asset.toUpperCase() ? account.balance.amount : null;

/** The rule's facts for an account; without one, an account that passes every account check. */
function factsFor(loaded: LinkFactsLoaded, account: LinkAccount | null): LinkFacts {
  const { strategy, member } = loaded;
  return {
    ownStrategy: strategy.mine,
    inProbation: strategy.inProbation,
    // capacity_left counts followers and pending requests already.
    placesTaken: strategy.capacityLeft > 0 ? 0 : 1,
    maxFollowers: 1,
    overdueInvoices: member.overdueInvoices,
    tradingSuspended: member.tradingSuspended,
    accountConnected: account ? account.status === 'connected' : true,
    linkingsUsed: member.linkingsUsed,
    linkingsAllowed: member.linkingsAllowed,
    accountLinked: account ? account.linked : false,
    balance: account ? balanceIn(account, strategy.quoteAsset) : strategy.minDeposit,
    minDeposit: strategy.minDeposit,
  };
}

/** The accounts the member may follow the strategy with: connected, not linked, meeting the minimum deposit. */
export const eligibleAccounts = (loaded: LinkFactsLoaded): LinkAccount[] =>
  loaded.accounts.filter((account) => linkRefusal(factsFor(loaded, account)) === null);

/** The first refusal before the member starts, or null when the form may show. */
export function panelRefusal(loaded: LinkFactsLoaded): PanelRefusal | null {
  const refusal = linkRefusal(factsFor(loaded, null));
  if (refusal && refusal !== 'AlreadyLinked' && refusal !== 'BelowMinimumDeposit') return refusal;
  return eligibleAccounts(loaded).length === 0 ? 'NoEligibleAccount' : null;
}

/** The account chosen at first: the only one, or none (the member picks). */
export const defaultAccountId = (loaded: LinkFactsLoaded) => {
  const accounts = eligibleAccounts(loaded);
  return accounts.length === 1 ? accounts[0]!.id : '';
};

/** Every field's code: an account offered, and the settings by the shared schema. */
export function linkErrors(values: LinkValues, loaded: LinkFactsLoaded | null): LinkFieldErrors {
  const errors: LinkFieldErrors = loaded ? settingsErrors(values, [loaded.strategy.quoteAsset]) : {};
  if (values.accountId === '') errors.accountId = 'required';
  else if (!loaded || !eligibleAccounts(loaded).some((account) => account.id === values.accountId)) errors.accountId = 'choice';
  return errors;
}

/** What is sent: the strategy, the account and the settings (CopySettingsInput). */
export const linkRequestOf = (strategyId: string, values: LinkValues) => ({
  strategyId,
  accountId: values.accountId,
  settings: settingsInputOf(values),
});
