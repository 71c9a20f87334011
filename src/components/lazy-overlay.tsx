// A dialog or drawer whose code loads when it first opens. Once opened it stays mounted, so it can play
// its closing transition; while its code loads a spinner shows.
import { Suspense, useState, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export function LazyOverlay({ opened, children }: { opened: boolean; children: ReactNode }) {
  const { t } = useLingui();
  const [openedOnce, setOpenedOnce] = useState(opened);
  if (opened && !openedOnce) setOpenedOnce(true);
  if (!openedOnce) return null;
  const loading = opened ? (
    <Loader size="sm" aria-label={t`Loading`} style={{ position: 'fixed', top: '50%', left: '50%', zIndex: 300 }} />
  ) : null;
  return <Suspense fallback={loading}>{children}</Suspense>;
}
