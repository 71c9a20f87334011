// What a route shows when it fails to load. A route chunk that no longer exists after a deploy is a
// new version: the app-state flow brings up the new-version prompt; a connection that failed says so and
// tries again by itself once the browser is back online; an HTTP or GraphQL failure with a status shows
// "Error {code}" with a way home (spec §2); anything else offers a retry. Kept to plain
// markup: it is part of the first load, and must work when other chunks cannot be fetched.
import { useEffect } from 'react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { isAppError } from '../../../domain/app-error';
import { errorStatusCode } from '../../lib/error-code';

/** Told to the app-state flow (see flows/app-status.ts). */
export const chunkFailedEvent = 'portal:chunk-failed';

const chunkLoadFailure = /dynamically imported module|importing a module script failed|failed to fetch|error loading dynamically/i;

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const isChunkFailure = chunkLoadFailure.test(String((error as Error | undefined)?.message ?? error));
  const isConnectionFailure = isAppError(error) && error.code === 'network';
  const code = isChunkFailure || isConnectionFailure ? null : errorStatusCode(error);
  useEffect(() => {
    if (isChunkFailure) window.dispatchEvent(new Event(chunkFailedEvent));
  }, [isChunkFailure]);
  useEffect(() => {
    if (!isConnectionFailure) return;
    const retry = () => void router.invalidate();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [isConnectionFailure, router]);
  return (
    <main style={{ padding: '3rem 1rem', textAlign: 'center' }} role="alert">
      <h1>
        {isConnectionFailure ? (
          <Trans>The connection failed</Trans>
        ) : code === 404 ? (
          <Trans>Page not found</Trans>
        ) : code !== null ? (
          <Trans>Error {code}</Trans>
        ) : (
          <Trans>Something went wrong</Trans>
        )}
      </h1>
      {isConnectionFailure && (
        <p>
          <Trans>Check your network. The page loads again by itself as soon as you are back online.</Trans>
        </p>
      )}
      <button
        type="button"
        className="mantine-focus-auto"
        style={{ padding: '0.5rem 1.25rem', cursor: 'pointer' }}
        onClick={() => void router.invalidate()}
      >
        <Trans>Try again</Trans>
      </button>
      {code !== null && (
        <p>
          <a href="/" data-testid="error-home">
            <Trans>Go to the home page</Trans>
          </a>
        </p>
      )}
    </main>
  );
}
