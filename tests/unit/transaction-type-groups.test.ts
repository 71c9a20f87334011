// The balance page's type filter (issue 33): the ledger's ~45 transaction types in named groups.
import { describe, expect, it } from 'vitest';
import { transactionTypes } from '../../domain/ledger';
import { transactionTypeGroups } from '../../src/features/wallet/transaction-types';

describe('the transaction-type filter groups', () => {
  it('puts every known transaction type in exactly one group', () => {
    const grouped = transactionTypeGroups.flatMap((group) => [...group.types]);
    for (const type of transactionTypes) expect(grouped.filter((each) => each === type), type).toHaveLength(1);
    expect(grouped).toHaveLength(transactionTypes.length);
  });

  it('has no empty group and no group of one type', () => {
    for (const group of transactionTypeGroups) expect(group.types.length, group.name.id).toBeGreaterThan(1);
  });
});
