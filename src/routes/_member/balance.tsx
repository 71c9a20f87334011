import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { balanceSearchSchema, defaultHistoryRange } from './-wallet-search';
import { balanceHistoryQueryOptions, walletBalancesQueryOptions, walletTransactionsQueryOptions, withdrawalOptionsQueryOptions } from '../../api/wallet';
import { BalanceWithDeposit } from '../../app/pages/balance-page';

export const Route = createFileRoute('/_member/balance')({
  staticData: { title: msg`Balance` },
  validateSearch: balanceSearchSchema,
  loaderDeps: ({ search }) => ({ range: search.range ?? defaultHistoryRange, type: search.type ?? null }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(walletBalancesQueryOptions()),
      queryClient.ensureQueryData(withdrawalOptionsQueryOptions()),
      queryClient.ensureQueryData(balanceHistoryQueryOptions(deps.range)),
      queryClient.ensureInfiniteQueryData(walletTransactionsQueryOptions(deps.type)),
    ]),
  component: BalancePage,
});

function BalancePage() {
  const [search, navigate] = [Route.useSearch(), Route.useNavigate()];
  const onRangeChange = (range: typeof defaultHistoryRange | NonNullable<typeof search.range>) => void navigate({ search: (now) => ({ ...now, range }), replace: true });
  return (
    <BalanceWithDeposit range={search.range ?? defaultHistoryRange} onRangeChange={onRangeChange} type={search.type ?? null}
      onTypeChange={(type) => void navigate({ search: (now) => ({ ...now, type: type ?? undefined }), replace: true })}
    />
  );
}
