import * as v from "valibot";
import { ACCOUNT_MESSAGES, firstIssueKey } from "../../src/domain/account.ts";
import { AppError } from "./errors.ts";

type SchemaListener = (fields: readonly string[]) => void;
const schemaListeners = new Set<SchemaListener>();

/**
 * Tells `listener` the field names (nested ones too) of every schema a request is parsed with, until the
 * returned function is called. The all-routes fuzz test (server/fuzz.test.ts) learns this way which fields each
 * route reads, so a new route or field is fuzzed without anyone listing it.
 */
export function observeSchemas(listener: SchemaListener): () => void {
  schemaListeners.add(listener);
  return () => schemaListeners.delete(listener);
}

/** Object keys a valibot schema declares, through pipes, wrappers, unions, arrays and records. */
function fieldNames(schema: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (depth > 8 || schema === null || typeof schema !== "object") return into;
  const node = schema as {
    entries?: Record<string, unknown>;
    wrapped?: unknown;
    item?: unknown;
    options?: unknown[];
    pipe?: unknown[];
    key?: unknown;
    value?: unknown;
  };
  for (const [key, child] of Object.entries(node.entries ?? {})) {
    into.add(key);
    fieldNames(child, into, depth + 1);
  }
  for (const child of [node.wrapped, node.item, node.key, node.value, ...(node.options ?? [])])
    fieldNames(child, into, depth + 1);
  // A pipe's first element is the schema it refines; the rest are actions.
  if (node.pipe?.[0] && node.pipe[0] !== schema) fieldNames(node.pipe[0], into, depth + 1);
  return into;
}

/**
 * Parses a request body with a shared schema. A failure is a 400 whose code is the message key (the client
 * shows its translation) and whose message is the English text.
 */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  if (schemaListeners.size > 0) {
    const fields = [...fieldNames(schema)];
    for (const listener of schemaListeners) listener(fields);
  }
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const key = firstIssueKey(result) ?? "requestInvalid";
  throw new AppError(400, key, ACCOUNT_MESSAGES[key]);
}
