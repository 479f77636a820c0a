// What stands between requests the response cache cannot answer and the database, so that a cold cache (after a
// start, and after every load empties it) does not multiply work under load:
// - identical requests in flight share one computation: the second and later wait for the first's answer (or its
//   error), and the answer is cached once;
// - at most `maxRunning` computations reach the database at a time; the others wait here, in order of priority,
//   visitors' cheap reads first, then visitors' heavy reads (of which at most `maxHeavy` run at once, so that cheap
//   ones are never all stuck behind big ones), then the warm-up of the answers most asked for after new data;
// - a warm-up computation that a visitor comes to wait for takes the visitor's priority.
export interface ComputeKind {
  /** A read that takes long (all alerts of a period): counts against maxHeavy, and waits behind cheap reads. */
  heavy?: boolean;
  /** Asked by the warm-up, not by a visitor: waits behind visitors' reads until a visitor waits for it too. */
  warm?: boolean;
  /**
   * Computed from memory, without the database: starts at once, outside the count of running computations (waiting
   * behind database reads would only add their time to a computation of microseconds).
   */
  instant?: boolean;
}

const rank = (task: Task) => (task.warm ? 2 : 0) + (task.heavy ? 1 : 0);

interface Task {
  heavy: boolean;
  warm: boolean;
  start: () => void;
  promise: Promise<unknown>;
}

export interface ComputeQueueOptions {
  /** Computations running at once (the database's own queue beyond that only adds waiting where we cannot reorder). */
  maxRunning: number;
  /** Heavy computations running at once. */
  maxHeavy: number;
}

export class ComputeQueue {
  private readonly inFlight = new Map<string, Task>();
  private readonly waiting: Task[] = [];
  private running = 0;
  private runningHeavy = 0;
  /** Computations started, in all (tests read it). */
  computations = 0;

  constructor(private readonly options: ComputeQueueOptions) {}

  /**
   * The answer for `key`: the computation already in flight for it, or a new one that runs when its turn comes.
   * Only identical keys share: the key must name everything the answer depends on (the data version included).
   */
  run<T>(key: string, kind: ComputeKind, compute: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) {
      if (existing.warm && !kind.warm) {
        existing.warm = false;
        this.sort();
      }
      return existing.promise as Promise<T>;
    }
    if (kind.instant) {
      this.computations += 1;
      const promise = Promise.resolve().then(compute);
      const task: Task = { heavy: false, warm: false, start: () => {}, promise };
      this.inFlight.set(key, task);
      const forget = () => {
        this.inFlight.delete(key);
      };
      promise.then(forget, forget);
      return promise;
    }
    let start!: () => void;
    const promise = new Promise<T>((resolve, reject) => {
      start = () => {
        this.computations += 1;
        Promise.resolve().then(compute).then(resolve, reject);
      };
    });
    const task: Task = {
      heavy: kind.heavy ?? false,
      warm: kind.warm ?? false,
      start,
      promise,
    };
    this.inFlight.set(key, task);
    const settle = () => {
      this.inFlight.delete(key);
      this.running -= 1;
      if (task.heavy) this.runningHeavy -= 1;
      this.pump();
    };
    promise.then(settle, settle);
    this.waiting.push(task);
    this.sort();
    this.pump();
    return promise;
  }

  private sort(): void {
    // Stable: tasks of one priority keep their order of arrival.
    this.waiting.sort((a, b) => rank(a) - rank(b));
  }

  private pump(): void {
    while (this.running < this.options.maxRunning) {
      const index = this.waiting.findIndex(
        (task) => !task.heavy || this.runningHeavy < this.options.maxHeavy,
      );
      if (index < 0) return;
      const [task] = this.waiting.splice(index, 1) as [Task];
      this.running += 1;
      if (task.heavy) this.runningHeavy += 1;
      task.start();
    }
  }
}
