// @vitest-environment jsdom
// The team tree's locked levels say what opens them (issue 33): the tariff the operator named, any purchase,
// or nothing; an open level says nothing of the kind. In the member's language.
import { afterAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TeamTree } from '../../src/features/affiliates/team-tree';
import { affTeamQueryOptions } from '../../src/api/affiliates';
import { activateLocale } from '../../src/lib/i18n';
import { renderView } from '../support/render';
import { memberQueryClient } from '../support/member';

const team = {
  max_depth: 4,
  access_depth: 1,
  levels: [
    { level: 1, open: true, count: 3, opens_with: null },
    { level: 2, open: false, count: null, opens_with: { kind: 'tariff', tariff_name: 'Gold' } },
    { level: 3, open: false, count: null, opens_with: { kind: 'purchase', tariff_name: null } },
    { level: 4, open: false, count: null, opens_with: null },
  ],
};

function show() {
  const queryClient = memberQueryClient();
  queryClient.setQueryData(affTeamQueryOptions().queryKey, team as never);
  renderView(<TeamTree />, { queryClient });
}

afterAll(() => activateLocale('en'));

describe('locked team levels', () => {
  it('say what opens them', async () => {
    await activateLocale('en');
    show();
    expect(await screen.findByTestId('level-2-opens')).toHaveTextContent('Opens with the Gold tariff');
    expect(screen.getByTestId('level-3-opens')).toHaveTextContent('Opens when you buy a product');
    expect(screen.queryByTestId('level-1-opens')).toBeNull();
    expect(screen.queryByTestId('level-4-opens')).toBeNull();
  });

  it("say it in the member's language", async () => {
    await activateLocale('ru');
    show();
    expect(await screen.findByTestId('level-2-opens')).toHaveTextContent('Открывается с тарифом Gold');
    expect(screen.getByTestId('level-3-opens')).toHaveTextContent('Открывается после покупки продукта');
  });
});
