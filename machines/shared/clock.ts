// The time a machine reads for its countdown deadlines (DESIGN §3): its actor's clock. The app gives every
// actor the wall clock (src/lib/flow-inspection.ts flowOptions), tests a SimulatedClock; both tell the time.
// Without one (the path generator's stand-in actors) time starts at zero, as a SimulatedClock does.
import type { AnyActorRef } from 'xstate';

export function clockNow(self: AnyActorRef): number {
  const clock = (self as { clock?: { now?: () => number } }).clock;
  return typeof clock?.now === 'function' ? clock.now() : 0;
}
