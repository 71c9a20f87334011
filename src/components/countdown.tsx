// Shows the seconds left of a wait a machine times (the machine owns the timer; this only displays it).
// Remount it (key) to start a new countdown.
import { useEffect, useState } from 'react';

export function useSecondsLeft(durationMs: number): number {
  const [endsAt] = useState(() => Date.now() + durationMs);
  const [left, setLeft] = useState(Math.ceil(durationMs / 1000));
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return left;
}

export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function Countdown({ durationMs, render }: { durationMs: number; render: (left: string) => React.ReactNode }) {
  const left = useSecondsLeft(durationMs);
  return <>{render(formatSeconds(left))}</>;
}
