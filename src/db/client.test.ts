import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/csv-fixtures.ts";
import { openDb } from "./client.ts";

describe("the embedded database folder", () => {
  it("refuses a second process while one holds the folder, and takes over a lock left by a dead one", async () => {
    const dataDir = join(tempDir(), "db");
    mkdirSync(dataDir);
    const lock = join(dataDir, "cms-dashboard.lock");
    const other = spawn("sleep", ["30"]);
    try {
      writeFileSync(lock, String(other.pid));
      await expect(openDb({ dataDir })).rejects.toThrow(`is in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
    await new Promise((done) => other.once("exit", done));
    // The holder is gone: its lock no longer counts.
    const db = await openDb({ dataDir });
    expect(await db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await db.close();
    expect(existsSync(lock)).toBe(false);
  });

  it("creates the database of a new folder in it, and opens it again on either thread", async () => {
    const dataDir = join(tempDir(), "new-db");
    const created = await openDb({ dataDir, inProcess: true });
    await created.exec("CREATE TABLE t (n integer); INSERT INTO t VALUES (1), (2)");
    await created.close();
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    for (const inProcess of [false, true]) {
      const db = await openDb({ dataDir, inProcess });
      expect(await db.query("SELECT sum(n)::integer AS total FROM t")).toEqual([{ total: 3 }]);
      // The folder's own settings are PostgreSQL's usual ones, whatever initdb ran with.
      expect(await db.query("SHOW shared_buffers")).toEqual([{ shared_buffers: "128MB" }]);
      await db.close();
    }
  });

  it.each([
    ["on its own thread", false],
    ["on the calling thread", true],
  ])(
    "returns integers and numerics as numbers and dates as text, with the settings asked for (%s)",
    async (_, inProcess) => {
      const db = await openDb({ dataDir: "memory://", inProcess, sharedBuffers: "16MB" });
      try {
        const [row] = await db.query("SELECT count(*) AS n, 2.5::numeric AS x, DATE '2021-08-01' AS d");
        expect(row).toEqual({ n: 1, x: 2.5, d: "2021-08-01" });
        expect(await db.query("SHOW shared_buffers")).toEqual([{ shared_buffers: "16MB" }]);
      } finally {
        await db.close();
      }
    },
  );

  it("runs transactions and reports errors with their SQLSTATE on the calling thread", async () => {
    const db = await openDb({ dataDir: "memory://", inProcess: true });
    try {
      await db.exec("CREATE TABLE t (n integer PRIMARY KEY)");
      await db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES ($1)", [1]);
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO t VALUES ($1)", [2]);
          await tx.query("INSERT INTO t VALUES ($1)", [1]);
        }),
      ).rejects.toMatchObject({ code: "23505" });
      expect(await db.query("SELECT n FROM t ORDER BY n")).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });
});
