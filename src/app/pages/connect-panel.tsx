// The Connect panel as a strategy's page renders it (issue 32): the link request's flow around its view. The strategy
// page's route passes `renderConnect={(strategy) => <ConnectPanel strategy={strategy} />}` (a feature cannot mount
// its own flow: the logic comes from src/app/flows).
import { LinkRequestProvider } from '../flows/copy-trading';
import { LinkRequestPanel } from '../../features/trading/copy/link-request-panel';
import type { ConnectStrategy } from '../../features/trading/copy/strategy-page';

export function ConnectPanel({ strategy }: { strategy: ConnectStrategy }) {
  return (
    <LinkRequestProvider strategy={strategy}>
      <LinkRequestPanel strategy={strategy} />
    </LinkRequestProvider>
  );
}
