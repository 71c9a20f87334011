// A counting semaphore: at most `slots` tasks run at once, the others wait in arrival order. With a bound,
// at most `maxWaiting` wait: one more is refused at once (QueueFull) instead of waiting without end. Once
// refused (the server is stopping), every waiting task and every new one fails with the refusal's error.
export class QueueFull extends Error {
  constructor() {
    super('The queue is full');
  }
}

interface Waiter {
  start: () => void;
  refuse: (error: Error) => void;
}

export class Semaphore {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private refusal: (() => Error) | undefined;

  constructor(
    private readonly slots: number,
    private readonly maxWaiting = Infinity,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.refusal) throw this.refusal();
    if (this.running < this.slots) this.running += 1;
    else if (this.waiting.length >= this.maxWaiting) throw new QueueFull();
    // The finishing task hands its slot straight to the next, so `running` stays counted.
    else await new Promise<void>((start, refuse) => this.waiting.push({ start, refuse }));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }

  /** Refuses the waiting tasks and every later one with `refusal()`; the running ones finish. */
  refuse(refusal: () => Error) {
    this.refusal = refusal;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(refusal());
  }
}
