// The thin top loading bar (spec §2 "Dialogs"): while a route loads, or a page's data loads for the first
// time, or a change is being saved (`dataBusy`, from the query client). Background polls do not show it.
import { Box } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import './loading-bar.css';

export function LoadingBar({ dataBusy }: { dataBusy: boolean }) {
  const { t } = useLingui();
  const routeLoading = useRouterState({ select: (state) => state.status === 'pending' });
  const busy = routeLoading || dataBusy;
  return busy ? (
    <Box className="loading-bar" role="progressbar" aria-label={t`Loading`} data-testid="loading-bar">
      <div />
    </Box>
  ) : null;
}
