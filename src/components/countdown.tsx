// Shows the time left until a deadline a machine keeps (the machine owns the timer; this only displays
// it). It reads and ticks on the actor's own clock, so a reload or a simulated clock shows the same time.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ReadableClock } from '../lib/clock';

export function useSecondsLeft(deadline: number, clock: ReadableClock): number {
  const secondsLeft = () => Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    let timer: unknown;
    const tick = () => {
      const next = secondsLeft();
      setLeft(next);
      // The next tick lands on the next whole second before the deadline.
      if (next > 0) timer = clock.setTimeout(tick, (deadline - clock.now()) % 1000 || 1000);
    };
    tick();
    return () => clock.clearTimeout(timer);
    // secondsLeft reads only deadline and clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline, clock]);
  return left;
}

export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function Countdown(props: { deadline: number; clock: ReadableClock; render: (left: string) => React.ReactNode }) {
  const left = useSecondsLeft(props.deadline, props.clock);
  return <>{props.render(formatSeconds(left))}</>;
}

/** Seconds in the two largest units that matter: "2 d 5 h", then "5 h 12 min", then "12 min 5 s". */
function Duration({ left }: { left: number }) {
  const { t } = useLingui();
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3_600);
  const minutes = Math.floor((left % 3_600) / 60);
  const seconds = left % 60;
  if (days > 0) return <>{t`${days} d ${hours} h`}</>;
  if (hours > 0) return <>{t`${hours} h ${minutes} min`}</>;
  return <>{t`${minutes} min ${seconds} s`}</>;
}

/** The time left to a deadline (ms) on `clock`, in words (Duration); `ended` once it has passed. */
export function TimeLeft({ deadline, clock, ended }: { deadline: number; clock: ReadableClock; ended: React.ReactNode }) {
  const left = useSecondsLeft(deadline, clock);
  return left === 0 ? <>{ended}</> : <Duration left={left} />;
}
