// Opening PGlite, the same way on the database's own thread (pglite-thread.ts) and on the caller's (client.ts):
// the extensions the schema uses and the type parsers that make its values plain JS values.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { MemoryFS, PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;
const toNumber = (value: string) => Number(value);
const keepText = (value: string) => value;

/** Where PGlite's PostgreSQL keeps its database, in the file system of its WebAssembly module. */
const PGDATA = "/pglite/data";

/** The part of PGlite's Emscripten file system that moving a new database into its folder uses. */
interface EmscriptenFs {
  readdir(path: string): string[];
  stat(path: string): { mode: number };
  isDir(mode: number): boolean;
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: string): void;
  unlink(path: string): void;
  rmdir(path: string): void;
  mount(type: unknown, options: { root: string }, path: string): void;
}

/**
 * The file system of a new database folder. PGlite creates a database with a second, temporary instance of itself
 * (initdb). For a folder on disk, that instance builds the database in its own memory and hands it over as a tar
 * archive (about 115 MiB) to be unpacked into the folder; for an in-memory database, it writes the files into the
 * main instance's file system directly. PGlite tells the two cases by the class of the file system: this one is the
 * in-memory kind, and it moves the new database (about 40 MB) into the folder, and mounts the folder, once initdb is
 * done (at PGlite's first sync, before the database starts). Afterwards the folder is an ordinary PGlite folder.
 * initdb runs with small shared buffers (INITDB_PARAMS), which it also writes into postgresql.conf: the file gets
 * PostgreSQL's usual 128MB back before it is moved.
 */
class NewFolderFs extends MemoryFS {
  readonly #root: string;
  isInFolder = false;

  constructor(root: string) {
    super();
    this.#root = resolve(root);
  }

  override async syncToFs(): Promise<void> {
    if (this.isInFolder || !this.pg) return;
    const module = this.pg.Module as unknown as { FS: EmscriptenFs; NODEFS: unknown };
    // Not before initdb has written the database (its version file last).
    if (!module.FS.readdir(PGDATA).includes(VERSION_FILE)) return;
    const conf = `${PGDATA}/postgresql.conf`;
    const settings = new TextDecoder()
      .decode(module.FS.readFile(conf))
      .replace(/^shared_buffers\s*=.*$/m, "");
    module.FS.writeFile(conf, `${settings.trimEnd()}\nshared_buffers = ${DEFAULT_SHARED_BUFFERS}\n`);
    moveTree(module.FS, PGDATA, this.#root);
    module.FS.mount(module.NODEFS, { root: this.#root }, PGDATA);
    this.isInFolder = true;
  }
}

/**
 * initdb's own settings. Its steps run in the temporary instance, whose memory PGlite also copies to reset it
 * between them: 16 MB of shared buffers keep that memory at its initial 128 MiB (with 128 MB it grows to 190 MiB).
 */
const INITDB_PARAMS = ["-c", "shared_buffers=16MB"];
const DEFAULT_SHARED_BUFFERS = "128MB";

/** The file that makes a folder a database: PGlite runs initdb on a folder without it. */
const VERSION_FILE = "PG_VERSION";

/**
 * Writes the tree at `from` (in Emscripten's memory file system) under the folder `to`, emptying `from`; the
 * version file last, so that a folder left half-written (the process was killed) is created anew next time.
 */
function moveTree(fs: EmscriptenFs, from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  const names = fs.readdir(from).filter((name) => name !== "." && name !== "..");
  names.sort((a, b) => Number(a === VERSION_FILE) - Number(b === VERSION_FILE));
  for (const name of names) {
    const path = `${from}/${name}`;
    if (fs.isDir(fs.stat(path).mode)) {
      moveTree(fs, path, join(to, name));
      fs.rmdir(path);
    } else {
      writeFileSync(join(to, name), fs.readFile(path), { mode: 0o600 });
      fs.unlink(path);
    }
  }
}

/** Settings of one PGlite session (what the folder's postgresql.conf says otherwise). */
export interface PgliteSettings {
  /** PostgreSQL's shared_buffers, as PostgreSQL writes it (`64MB`). */
  sharedBuffers?: string | undefined;
}

export async function createPglite(dataDir: string, settings: PgliteSettings = {}): Promise<PGlite> {
  const newFolder =
    !dataDir.startsWith("memory://") && !existsSync(join(dataDir, VERSION_FILE))
      ? new NewFolderFs(dataDir)
      : null;
  const lite = await PGlite.create({
    ...(newFolder ? { fs: newFolder, initDbStartParams: INITDB_PARAMS } : { dataDir }),
    ...(settings.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${settings.sharedBuffers}`] }
      : {}),
    extensions: { pg_trgm },
    parsers: {
      [PG_TYPE.INT8]: toNumber,
      [PG_TYPE.NUMERIC]: toNumber,
      [PG_TYPE.DATE]: keepText,
      [PG_TYPE.TIMESTAMP]: keepText,
      [PG_TYPE.TIMESTAMPTZ]: keepText,
    },
  });
  if (newFolder && !newFolder.isInFolder) {
    await lite.close();
    throw new Error("the new database was not written to its folder");
  }
  await lite.query("SELECT 1");
  return lite;
}
