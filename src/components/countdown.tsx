// Shows the time left until a deadline a machine keeps (the machine owns the timer; this only displays
// it). It reads and ticks on the actor's own clock, so a reload or a simulated clock shows the same time.
import { useEffect, useState } from 'react';
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
