import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { AppError } from "../http/errors.ts";

/**
 * Password hashing with scrypt at the OWASP parameters (N = 2^17, r = 8, p = 1). The stored value names its
 * parameters, `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>`, so they can be raised later: a hash at
 * old parameters still verifies, and `needsRehash` tells the login code to store a fresh one.
 */

const CURRENT = { log2N: 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const MAXMEM = 256 * 1024 * 1024;

// Bounds for parameters read back from storage, so a corrupted row cannot ask for absurd work or memory.
const LIMITS = { log2N: [10, 20], r: [1, 32], p: [1, 16], salt: [16, 64], key: [32, 128] } as const;

interface Params {
  log2N: number;
  r: number;
  p: number;
}

interface Parsed extends Params {
  salt: Buffer;
  hash: Buffer;
}

/**
 * At most `concurrency` jobs at once, at most `maxQueued` waiting; past that a job is refused at once. One PIN hash
 * takes about 128 MB and a few hundred ms of a libuv thread, and libuv has four threads that file and DNS work
 * shares: without a bound, a burst of logins would queue unbounded memory and starve everything else.
 */
export class BoundedPool {
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  readonly concurrency: number;
  readonly maxQueued: number;
  constructor(concurrency: number, maxQueued: number) {
    this.concurrency = concurrency;
    this.maxQueued = maxQueued;
  }

  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#active >= this.concurrency) {
      if (this.#waiting.length >= this.maxQueued) {
        throw new AppError(503, "SERVER_BUSY", "The server is busy. Please try again in a moment.");
      }
      // The slot is handed over by the job that ends, so #active never goes past concurrency.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#active++;
    }
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }
}

/** Two PIN hashes at a time (two cores), 32 waiting (a few seconds of work): the rest get 503 SERVER_BUSY. */
export const pinHashPool = new BoundedPool(2, 32);

/** scrypt through the PIN hashing pool. */
function scryptAsync(plain: string, salt: Buffer, keyLength: number, params: Params): Promise<Buffer> {
  return pinHashPool.run(() => scryptUnbounded(plain, salt, keyLength, params));
}

/** The async scrypt, run on the libuv thread pool so the event loop stays free. */
function scryptUnbounded(plain: string, salt: Buffer, keyLength: number, params: Params): Promise<Buffer> {
  const N = 2 ** params.log2N;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs about 128 * N * r bytes; leave headroom above it.
    maxmem: Math.max(MAXMEM, 256 * N * params.r),
  };
  return new Promise((resolve, reject) => {
    scrypt(plain, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function decodeB64url(text: string): Buffer | undefined {
  if (!B64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, "base64url");
  // Only the canonical spelling: no stray trailing bits that would let two strings mean the same bytes.
  return bytes.toString("base64url") === text ? bytes : undefined;
}

function parseInteger(text: string | undefined, [min, max]: readonly [number, number]): number | undefined {
  if (text === undefined || !/^[1-9][0-9]{0,2}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function inRange(n: number, [min, max]: readonly [number, number]): boolean {
  return n >= min && n <= max;
}

function parse(stored: string): Parsed | undefined {
  if (typeof stored !== "string") return undefined;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const log2N = parseInteger(parts[1], LIMITS.log2N);
  const r = parseInteger(parts[2], LIMITS.r);
  const p = parseInteger(parts[3], LIMITS.p);
  const salt = decodeB64url(parts[4] ?? "");
  const hash = decodeB64url(parts[5] ?? "");
  if (log2N === undefined || r === undefined || p === undefined || !salt || !hash) return undefined;
  if (!inRange(salt.length, LIMITS.salt) || !inRange(hash.length, LIMITS.key)) return undefined;
  return { log2N, r, p, salt, hash };
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await scryptAsync(plain, salt, KEY_LENGTH, CURRENT);
  const { log2N, r, p } = CURRENT;
  return `scrypt$${log2N}$${r}$${p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/** True when `plain` matches `stored`; false for a wrong password and for a malformed stored value. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const derived = await scryptAsync(plain, parsed.salt, parsed.hash.length, parsed);
  return timingSafeEqual(derived, parsed.hash);
}

const DUMMY_SALT = randomBytes(SALT_LENGTH);
const DUMMY_HASH = randomBytes(KEY_LENGTH);

/**
 * The work of one verification at the current parameters, always false. Call it when the user name does not
 * exist, so the response time does not tell which user names do.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  const derived = await scryptAsync(plain, DUMMY_SALT, KEY_LENGTH, CURRENT);
  timingSafeEqual(derived, DUMMY_HASH);
  return false;
}

/** True when `stored` was not made with the current parameters (or cannot be read): store a fresh hash. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.log2N !== CURRENT.log2N ||
    parsed.r !== CURRENT.r ||
    parsed.p !== CURRENT.p ||
    parsed.salt.length !== SALT_LENGTH ||
    parsed.hash.length !== KEY_LENGTH
  );
}
