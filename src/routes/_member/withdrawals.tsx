import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { WithdrawalCancelProvider, WithdrawalProvider } from '../../app/flows/wallet';
import { withdrawalSearchSchema } from './-wallet-search';
import { toWithdrawalSetup, withdrawalOptionsQueryOptions, withdrawalsQueryOptions } from '../../api/wallet';
import { WithdrawalsView } from '../../features/wallet/withdrawals-view';

export const Route = createFileRoute('/_member/withdrawals')({
  staticData: { title: msg`Withdrawals` },
  validateSearch: withdrawalSearchSchema,
  loaderDeps: ({ search }) => ({ status: search.status ?? null, page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps }) => Promise.all([queryClient.ensureQueryData(withdrawalOptionsQueryOptions()), queryClient.ensureQueryData(withdrawalsQueryOptions(deps))]),
  component: WithdrawalsPage,
});

function WithdrawalsPage() {
  const [[options], search, navigate] = [Route.useLoaderData(), Route.useSearch(), Route.useNavigate()];
  return (
    <WithdrawalProvider setup={toWithdrawalSetup(options.withdrawalOptions)}>
      <WithdrawalCancelProvider>
        <WithdrawalsView
          currency={search.currency ?? null}
          filter={{ status: search.status ?? null, page: search.page ?? 1 }}
          onFilterChange={(next) => void navigate({ search: { status: next.status ?? undefined, page: next.page > 1 ? next.page : undefined } })}
        />
      </WithdrawalCancelProvider>
    </WithdrawalProvider>
  );
}
