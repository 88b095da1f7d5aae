import * as v from "valibot";
import { ACCOUNT_MESSAGES, firstIssueKey } from "../../src/domain/account.ts";
import { AppError } from "./errors.ts";

/**
 * Parses a request body with a shared schema. A failure is a 400 whose code is the message key (the client
 * shows its translation) and whose message is the English text.
 */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const key = firstIssueKey(result) ?? "requestInvalid";
  throw new AppError(400, key, ACCOUNT_MESSAGES[key]);
}
