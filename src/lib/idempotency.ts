/**
 * One idempotency key per submitted form (docs/wallet-api.md): a retry of the same request reuses the key, so
 * a request that reached the server before the connection dropped is not made twice. Changing what is sent
 * (another amount, another account) starts a new request with a new key; `done()` after a success does too.
 */
export interface KeyKeeper {
  keyFor(fingerprint: string): string;
  done(): void;
}

export function createKeyKeeper(makeKey: () => string = () => crypto.randomUUID()): KeyKeeper {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (!current || current.fingerprint !== fingerprint) current = { fingerprint, key: makeKey() };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}
