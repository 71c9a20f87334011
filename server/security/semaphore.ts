// A counting semaphore: at most `slots` tasks run at once, the others wait in arrival order. With a bound,
// at most `maxWaiting` wait: one more is refused at once (QueueFull) instead of waiting without end.
export class QueueFull extends Error {
  constructor() {
    super('The queue is full');
  }
}

export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting = Infinity,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running += 1;
    else if (this.waiting.length >= this.maxWaiting) throw new QueueFull();
    // The finishing task hands its slot straight to the next, so `running` stays counted.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
