// The queue in front of the database: identical computations shared, a bounded number running, cheap before heavy
// before warm-up, and a warm-up a visitor waits for promoted.
import { describe, expect, it } from "vitest";
import { ComputeQueue } from "./compute-queue.ts";

/** A computation the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    compute: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: (message: string) => fail(new Error(message)),
  };
}

const tick = () => new Promise((done) => setImmediate(done));

describe("the compute queue", () => {
  it("runs identical keys once: 50 callers share one computation, its answer and its error", async () => {
    const queue = new ComputeQueue({ maxRunning: 2, maxHeavy: 1 });
    const log: string[] = [];
    const one = gate(log, "a");
    const answers = Array.from({ length: 50 }, () => queue.run("a", {}, one.compute));
    await tick();
    one.finish();
    expect(new Set(await Promise.all(answers))).toEqual(new Set(["a"]));
    expect(log).toEqual(["a"]);
    // Once settled, the key is computed again (the cache, not the queue, keeps answers).
    const failing = gate(log, "a again");
    const errors = Array.from({ length: 5 }, () =>
      queue.run("a", {}, failing.compute).catch((e: Error) => e.message),
    );
    await tick();
    failing.fail("timed out");
    expect(await Promise.all(errors)).toEqual(Array(5).fill("timed out"));
    expect(queue.computations).toBe(2);
  });

  it("runs at most maxRunning at once, cheap reads before heavy ones, and at most maxHeavy heavy ones", async () => {
    const queue = new ComputeQueue({ maxRunning: 2, maxHeavy: 1 });
    const log: string[] = [];
    const tasks = {
      heavy1: gate(log, "heavy1"),
      heavy2: gate(log, "heavy2"),
      heavy3: gate(log, "heavy3"),
      cheap1: gate(log, "cheap1"),
      cheap2: gate(log, "cheap2"),
    };
    const all = [
      queue.run("heavy1", { heavy: true }, tasks.heavy1.compute),
      queue.run("heavy2", { heavy: true }, tasks.heavy2.compute),
      queue.run("heavy3", { heavy: true }, tasks.heavy3.compute),
      queue.run("cheap1", {}, tasks.cheap1.compute),
      queue.run("cheap2", {}, tasks.cheap2.compute),
    ];
    await tick();
    // One heavy read runs; the second slot goes to a cheap one, not to the heavy ones that came first.
    expect(log).toEqual(["heavy1", "cheap1"]);
    tasks.cheap1.finish();
    await tick();
    expect(log).toEqual(["heavy1", "cheap1", "cheap2"]);
    tasks.cheap2.finish();
    await tick();
    // Only heavy ones left, and one is running: the free slot stays free.
    expect(log).toHaveLength(3);
    tasks.heavy1.finish();
    await tick();
    expect(log.at(-1)).toBe("heavy2");
    tasks.heavy2.finish();
    await tick();
    tasks.heavy3.finish();
    await Promise.all(all);
    expect(log).toEqual(["heavy1", "cheap1", "cheap2", "heavy2", "heavy3"]);
  });

  it("lets visitors go before the warm-up, and promotes a warm-up computation a visitor waits for", async () => {
    const queue = new ComputeQueue({ maxRunning: 1, maxHeavy: 1 });
    const log: string[] = [];
    const busy = gate(log, "busy");
    const warmA = gate(log, "warmA");
    const warmB = gate(log, "warmB");
    const visitor = gate(log, "visitor");
    const all = [
      queue.run("busy", {}, busy.compute),
      queue.run("warmA", { warm: true }, warmA.compute),
      queue.run("warmB", { warm: true }, warmB.compute),
      queue.run("visitor", {}, visitor.compute),
      // A visitor asks for what warmB computes: it is theirs now, ahead of warmA.
      queue.run("warmB", {}, () => Promise.resolve("never called")),
    ];
    await tick();
    busy.finish();
    await tick();
    visitor.finish();
    await tick();
    warmB.finish();
    await tick();
    warmA.finish();
    const answers = await Promise.all(all);
    expect(log).toEqual(["busy", "visitor", "warmB", "warmA"]);
    expect(answers[4]).toBe("warmB");
  });
});
