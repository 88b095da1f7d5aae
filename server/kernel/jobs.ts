import type { FastifyBaseLogger } from "fastify";

/**
 * The one job runner (docs/architecture.md "Jobs"): every piece of background work of the server is a named job
 * with an interval, run in every process. The runner keeps the rules each hand-rolled loop used to keep on its
 * own:
 * - no overlap: a tick that finds the job's previous pass still running does nothing;
 * - bounded: a pass is one batch, repeated while the job says a full batch came back (`more`), at most
 *   `batchesMax` times, so a burst is worked off without one pass running for ever;
 * - errors are logged with the job's name and never stop the job: the next tick tries again;
 * - timers are unref'd (a job never keeps the process alive), and `stop()` clears them and waits for the
 *   passes in flight, so the database can be closed right after (the app calls it from `onClose`).
 * Jobs must be idempotent: several processes run the same jobs, and a pass may be cut short by a crash.
 */

export interface JobSpec {
  /** Names the job in the logs ("lotto rounds", "push sender"). */
  name: string;
  /** Time between passes; 0 (or less) registers the job without ever running it (tests run the work by hand). */
  intervalMs: number;
  /** Whether the first pass runs at once (default) or after one interval. */
  atStart?: boolean;
  /** Batches a pass runs at most while `run` answers `{ more: true }` (default 1). */
  batchesMax?: number;
  /** One batch of work. Answer `{ more: true }` when a full batch came back and another may be waiting. */
  run: () => Promise<unknown>;
}

export interface JobRunner {
  /** Starts a job (its first pass now unless `atStart: false`). Names are unique. */
  add(job: JobSpec): void;
  /** Runs one pass of a job now, waiting for one in flight first (tests, and the start-up pass). */
  runNow(name: string): Promise<void>;
  /** The jobs started, by name (docs and tests list them). */
  names(): string[];
  /** Stops every job and waits for the passes in flight. Idempotent. */
  stop(): Promise<void>;
}

type JobLog = Pick<FastifyBaseLogger, "error">;

export function createJobRunner(log: JobLog): JobRunner {
  interface Running {
    spec: JobSpec;
    timer: NodeJS.Timeout | null;
    pass: Promise<void> | null;
  }
  const jobs = new Map<string, Running>();
  let stopped = false;

  const passOf = (job: Running): Promise<void> => {
    const batchesMax = Math.max(1, job.spec.batchesMax ?? 1);
    return (async () => {
      for (let batch = 0; batch < batchesMax && !stopped; batch++) {
        const outcome = await job.spec.run();
        if ((outcome as { more?: unknown } | undefined)?.more !== true) break;
      }
    })().catch((err: unknown) => log.error({ err, job: job.spec.name }, `${job.spec.name} failed`));
  };

  const tick = (job: Running) => {
    if (stopped || job.pass) return;
    job.pass = passOf(job).finally(() => {
      job.pass = null;
    });
  };

  return {
    add(spec) {
      if (jobs.has(spec.name)) throw new Error(`job ${spec.name} added twice`);
      const job: Running = { spec, timer: null, pass: null };
      jobs.set(spec.name, job);
      if (stopped || spec.intervalMs <= 0) return;
      if (spec.atStart !== false) tick(job);
      job.timer = setInterval(() => tick(job), spec.intervalMs);
      job.timer.unref();
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      await job.pass;
      if (stopped) return;
      job.pass = passOf(job).finally(() => {
        job.pass = null;
      });
      await job.pass;
    },
    names: () => [...jobs.keys()],
    async stop() {
      stopped = true;
      for (const job of jobs.values()) if (job.timer) clearInterval(job.timer);
      await Promise.all([...jobs.values()].map((job) => job.pass));
    },
  };
}
