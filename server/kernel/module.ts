import type { FastifyInstance } from "fastify";
import type { Server as SocketServer } from "socket.io";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { JobRunner } from "./jobs.ts";

/**
 * What the app hands every module (docs/architecture.md "Modules"): the configuration, the database, socket.io
 * and the job runner. A module is one plain encapsulated Fastify plugin, `server/modules/<name>/index.ts`'s
 * default export: it registers its routes (each with its `config.access`, server/kernel/access.ts) and adds its
 * background work to `jobs`. A module's own options (a provider to use instead of the configured one, a job's
 * interval in tests) come beside these, named in its own options type.
 */
export interface ModuleBase {
  config: Config;
  database: Database;
  /** socket.io on the same HTTP server (server/realtime.ts): rooms per member, session and yeekee round. */
  io: SocketServer;
  jobs: JobRunner;
}

/** A module: `export default async function walletModule(app: FastifyInstance, deps: ModuleBase & WalletOptions)`. */
export type AppModule<Options = object> = (app: FastifyInstance, deps: ModuleBase & Options) => Promise<void>;
