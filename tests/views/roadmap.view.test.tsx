// @vitest-environment jsdom
// The roadmap page with given answers: items by stage then quarter, descriptions sanitised, one vote per member
// given and taken back at once (the server's count replaces the guess), a refused vote put back with the notifier
// told, and the empty and "only done" states.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppError } from '../../domain/app-error';
import { api } from '../../src/api/client';
import { roadmapQueryOptions, type RoadmapItem } from '../../src/api/roadmap';
import { RoadmapView } from '../../src/features/roadmap/roadmap-view';
import { createQueryClient } from '../../src/lib/query-client';
import { renderView, testTenant } from '../support/render';

const item = (id: string, stage: RoadmapItem['stage'], quarter: string, date: string, extra: Partial<RoadmapItem> = {}): RoadmapItem => ({
  id,
  title: `Item ${id}`,
  description: `<p>About item ${id}</p>`,
  stage,
  quarter,
  date,
  votes: 3,
  vote: false,
  ...extra,
});

const roadmap: RoadmapItem[] = [
  item('1', 'planned', '2027-Q2', '2027-05-01T00:00:00Z'),
  item('2', 'planned', '2027-Q1', '2027-02-01T00:00:00Z', { title: 'Mobile app', description: '<p>Native <strong>apps</strong></p><script>window.hacked = true</script><img src=x onerror="window.hacked=true">' }),
  item('3', 'in_progress', '2026-Q4', '2026-12-01T00:00:00Z', { vote: true, votes: 8 }),
  item('4', 'done', '2026-Q3', '2026-08-10T00:00:00Z'),
  item('5', 'done', '2026-Q4', '2026-11-02T00:00:00Z'),
];

type VoteAnswer = (variables: { item_id: string; vote: boolean }) => Promise<unknown>;

async function renderRoadmap(items: RoadmapItem[], answer: VoteAnswer = () => new Promise(() => {})) {
  const notified: AppError[] = [];
  const queryClient = createQueryClient((error) => notified.push(error));
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(roadmapQueryOptions(testTenant.uuid).queryKey, items);
  const votes: { item_id: string; vote: boolean }[] = [];
  vi.spyOn(api, 'request').mockImplementation(((_document: unknown, variables: { item_id: string; vote: boolean }) => {
    votes.push({ item_id: variables.item_id, vote: variables.vote });
    return answer(variables);
  }) as never);
  renderView(<RoadmapView />, { queryClient });
  await screen.findByTestId(items.length > 0 ? 'roadmap' : 'roadmap-empty');
  return { notified, votes };
}

const itemCard = (title: string) => screen.getByRole('article', { name: title });
const voteButton = (title: string) => within(itemCard(title)).getByRole('button', { name: `Vote for ${title}` });

afterEach(() => vi.restoreAllMocks());

describe('roadmap page', () => {
  it('groups the items by stage, then by quarter (soonest first; the latest done first), with sanitised descriptions', async () => {
    await renderRoadmap(roadmap);
    const stages = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(stages).toEqual(['Planned', 'In progress', 'Done']);
    const planned = within(screen.getByRole('region', { name: 'Planned' }));
    expect(planned.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Q1 2027', 'Q2 2027']);
    expect(planned.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'))).toEqual(['roadmap-item-2', 'roadmap-item-1']);
    const done = within(screen.getByRole('region', { name: 'Done' }));
    expect(done.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Q4 2026', 'Q3 2026']);
    const app = itemCard('Mobile app');
    expect(app).toHaveTextContent('Native apps');
    expect(app.querySelector('script')).toBeNull();
    expect(app.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(app).toHaveTextContent('Planned for Feb 1, 2027');
    expect(itemCard('Item 4')).toHaveTextContent('Done Aug 10, 2026');
  });

  it('counts a vote at once, takes the server’s count, and takes the vote back on a second click', async () => {
    const user = userEvent.setup();
    const { votes } = await renderRoadmap(roadmap, async ({ item_id, vote }) => ({
      moduleRoadmapVote: { ...item(item_id, 'planned', '2027-Q1', '2027-02-01T00:00:00Z', { title: 'Mobile app' }), vote, votes: vote ? 10 : 9 },
    }));
    expect(voteButton('Mobile app')).toHaveAttribute('aria-pressed', 'false');
    await user.click(voteButton('Mobile app'));
    expect(voteButton('Mobile app')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(itemCard('Mobile app')).getByTestId('roadmap-votes')).toHaveTextContent('10 votes'));
    await user.click(voteButton('Mobile app'));
    await waitFor(() => expect(within(itemCard('Mobile app')).getByTestId('roadmap-votes')).toHaveTextContent('9 votes'));
    expect(voteButton('Mobile app')).toHaveAttribute('aria-pressed', 'false');
    expect(votes).toEqual([
      { item_id: '2', vote: true },
      { item_id: '2', vote: false },
    ]);
  });

  it('shows the vote taken back at once, and puts it back with the notifier told when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse: (error: unknown) => void = () => {};
    const { notified } = await renderRoadmap(roadmap, () => new Promise((_resolve, reject) => (refuse = reject)));
    const votesOf = () => within(itemCard('Item 3')).getByTestId('roadmap-votes');
    expect(votesOf()).toHaveTextContent('8 votes');
    await user.click(voteButton('Item 3'));
    expect(voteButton('Item 3')).toHaveAttribute('aria-pressed', 'false');
    expect(votesOf()).toHaveTextContent('7 votes');
    refuse({ code: 'network' });
    await waitFor(() => expect(votesOf()).toHaveTextContent('8 votes'));
    expect(voteButton('Item 3')).toHaveAttribute('aria-pressed', 'true');
    expect(notified).toEqual([{ code: 'network' }]);
  });

  it('says so when there are no items yet', async () => {
    await renderRoadmap([]);
    expect(screen.getByTestId('roadmap-empty')).toHaveTextContent('No roadmap items yet');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads well when everything is done: one column and a line saying so', async () => {
    await renderRoadmap(roadmap.filter((entry) => entry.stage === 'done'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Done']);
    expect(screen.getByText(/Everything on the roadmap is done/)).toBeTruthy();
  });
});
