// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { clearQueries, loadQueryClient, useDataBusy } from '../../src/app/router/query-client-loader';

/** A call that stays open until `finish` is called. */
function openCall<T>() {
  let finish!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (finish = resolve));
  return { promise, finish };
}

describe("the loading bar's data state, from a query client that loads after the first paint", () => {
  it('is idle before the client loads, then shows first loads and saves but not a poll of data already shown', async () => {
    // Subscribed before the client's code has loaded, as the root route is on /login.
    const { result } = renderHook(() => useDataBusy());
    expect(result.current).toBe(false);
    // Signing out before any page loaded data: nothing to forget, and no error.
    clearQueries();

    const client = await loadQueryClient();
    expect(await loadQueryClient()).toBe(client);

    const firstLoad = openCall<string>();
    const loaded = client.fetchQuery({ queryKey: ['page'], queryFn: () => firstLoad.promise });
    await waitFor(() => expect(result.current).toBe(true));
    await act(async () => {
      firstLoad.finish('first');
      await loaded;
    });
    await waitFor(() => expect(result.current).toBe(false));

    // A poll of data already on screen does not show the bar.
    const poll = openCall<string>();
    const polled = client.fetchQuery({ queryKey: ['page'], queryFn: () => poll.promise, staleTime: 0 });
    expect(client.isFetching()).toBe(1);
    expect(result.current).toBe(false);
    await act(async () => {
      poll.finish('second');
      await polled;
    });

    const save = openCall<void>();
    const saving = client
      .getMutationCache()
      .build(client, { mutationFn: () => save.promise })
      .execute(undefined);
    await waitFor(() => expect(result.current).toBe(true));
    await act(async () => {
      save.finish();
      await saving;
    });
    await waitFor(() => expect(result.current).toBe(false));

    // Signing out forgets what was loaded.
    expect(client.getQueryData(['page'])).toBe('second');
    clearQueries();
    expect(client.getQueryData(['page'])).toBeUndefined();
  });
});
