import { useLingui } from "@lingui/react";
import { useRef, useState } from "react";
import { ApiError } from "./api.ts";
import { createKeyKeeper, type KeyKeeper } from "./idempotency.ts";
import { type ErrorWording, errorText } from "./messages.ts";

/**
 * A message kept in state as a function that writes it, so it follows a language switch instead of staying in the
 * language it was first written in. Store it with `setText(later(() => t\`…\`))`; show it with `text?.()`.
 */
export type Text = () => string;
export const later = (text: Text) => (): Text => text;

export interface RunOptions {
  /**
   * What is sent, when money moves: the request gets an idempotency key that stays the same for every retry of the
   * same payload while no answer has come back (the first may have reached the server), and a new one once the
   * server answered (docs/wallet-api.md). Without it each run gets a new key.
   */
  fingerprint?: string;
  /** Deals with a failure itself and answers true (a refusal the form shows its own way), else it is shown. */
  failed?: (error: unknown) => boolean | Promise<boolean>;
  /** Which of several actions of one form is sending (a row's button), for `pendingId`. */
  id?: string;
}

export interface Submit<F extends string = never> {
  /** A request is on its way: the submit button is off and says so. */
  pending: boolean;
  /** The `id` of the run in progress, if it gave one. */
  pendingId: string | null;
  /** What went wrong for the whole form, to show with `error?.()`. */
  error: Text | null;
  /** What went wrong per field (the answer named a field, or a check before sending). */
  fieldErrors: Partial<Record<F, Text>>;
  /** A field's message as text, for the field's `error` prop. */
  fieldError: (field: F) => string | undefined;
  /** Shows problems found before sending: a form message and/or field messages (replacing the last ones). */
  fail: (problems: { form?: Text | null; fields?: Partial<Record<F, Text>> }) => void;
  /** Clears every message. */
  clear: () => void;
  /**
   * Sends: pending while `work` runs, messages cleared first; a failure becomes the message of the field its code
   * names (`fieldOf`) or of the form, in the feature's wording. Answers whether `work` succeeded. A second run while
   * one is pending is ignored (a double tap never sends twice).
   */
  run: (work: (idempotencyKey: string) => Promise<unknown>, options?: RunOptions) => Promise<boolean>;
}

/**
 * The one way a form (or a button) sends a request (docs/architecture.md "Submit, load, clock"). `errorText` is the
 * feature's wording (lib/messages.ts `wording`), `fieldOf` the field a refused code belongs under.
 */
export function useSubmit<F extends string = never>(
  options: { errorText?: ErrorWording; fieldOf?: (error: ApiError) => F | null } = {},
): Submit<F> {
  const { i18n } = useLingui();
  const words = options.errorText ?? errorText;
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Text | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, Text>>>({});
  const running = useRef(false);
  const keys = useRef<KeyKeeper | null>(null);
  keys.current ??= createKeyKeeper();

  const fail: Submit<F>["fail"] = ({ form = null, fields = {} }) => {
    setError(() => form);
    setFieldErrors(fields);
  };
  const clear = () => fail({});

  const run: Submit<F>["run"] = async (work, { fingerprint, failed, id } = {}) => {
    if (running.current) return false;
    running.current = true;
    const keeper = keys.current as KeyKeeper;
    setPending(true);
    setPendingId(id ?? null);
    clear();
    try {
      await work(keeper.keyFor(fingerprint ?? crypto.randomUUID()));
      keeper.done();
      return true;
    } catch (err) {
      // The server answered: whatever is sent next is a new request. Only a lost answer keeps the key.
      if (!(err instanceof ApiError && err.isNetwork)) keeper.done();
      if (!(await failed?.(err))) {
        const text: Text = () => words(i18n, err);
        const field = err instanceof ApiError ? options.fieldOf?.(err) : null;
        if (field) setFieldErrors({ [field]: text } as Partial<Record<F, Text>>);
        else setError(() => text);
      }
      return false;
    } finally {
      running.current = false;
      setPending(false);
      setPendingId(null);
    }
  };

  return {
    pending,
    pendingId,
    error,
    fieldErrors,
    fieldError: (field) => fieldErrors[field]?.(),
    fail,
    clear,
    run,
  };
}
