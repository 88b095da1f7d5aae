import { readFileSync } from "node:fs";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffTable } from "../../db/schema.ts";
import { PUBLIC_STAFF_ENDPOINTS, STAFF_PERMISSIONS, type StaffPermission } from "../../kernel/access.ts";
import { createTestApp, staffTokensFor, type TestApp } from "../../test/harness.ts";

// Least privilege, checked three ways: every registered staff route is in the one permission table, the table is
// the matrix written in docs/staff-roles.md, and each endpoint, called by each role, refuses exactly the roles
// the matrix leaves out (403) and lets the others past the permission check.

type Role = StaffTable["role"];
const ROLES: readonly Role[] = ["staff", "administrator", "super_admin"];

let t: TestApp;
const registered = new Set<string>();
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        if (!route.url.startsWith("/api/staff")) return;
        for (const method of [route.method].flat()) {
          if (method !== "HEAD") registered.add(`${method} ${route.url}`);
        }
      },
    },
  );
  tokens = await staffTokensFor(t, [
    ["matrixstaff1", "staff"],
    ["matrixadmin1", "administrator"],
    ["matrixsuper1", "super_admin"],
  ]);
}, 300_000);
afterAll(async () => t.close());

/** endpoint -> the roles the table lets call it. */
function tableMatrix(): Map<string, readonly Role[]> {
  const matrix = new Map<string, readonly Role[]>();
  for (const permission of Object.keys(STAFF_PERMISSIONS) as StaffPermission[]) {
    const { roles, endpoints } = STAFF_PERMISSIONS[permission];
    for (const endpoint of endpoints) {
      expect(matrix.has(endpoint), `${endpoint} is listed under two permissions`).toBe(false);
      matrix.set(endpoint, roles);
    }
  }
  return matrix;
}

/** The rows of docs/staff-roles.md: "| `POST /api/staff/x` | yes | no | yes | ... |". */
function docRows(pattern: RegExp): Map<string, Role[]> {
  const text = readFileSync(new URL("../../../docs/staff-roles.md", import.meta.url), "utf8");
  const rows = new Map<string, Role[]>();
  for (const line of text.split("\n")) {
    const match = pattern.exec(line);
    if (!match) continue;
    const cells = line
      .split("|")
      .slice(2, 5)
      .map((c) => c.trim());
    rows.set(
      match[1] as string,
      ROLES.filter((_, i) => cells[i] === "yes"),
    );
  }
  return rows;
}

const call = (endpoint: string, token?: string) => {
  const [method, url] = endpoint.split(" ") as ["GET" | "POST", string];
  return t.app.inject({
    method,
    url,
    ...(method === "POST" ? { payload: {} } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
};

describe("the staff permission matrix", () => {
  it("every staff route is in the table, and every table endpoint is a route", () => {
    const table = tableMatrix();
    const missing = [...registered].filter((e) => !table.has(e) && !PUBLIC_STAFF_ENDPOINTS.includes(e));
    expect(missing, "staff routes missing from STAFF_PERMISSIONS").toEqual([]);
    const stale = [...table.keys()].filter((e) => !registered.has(e));
    expect(stale, "STAFF_PERMISSIONS endpoints no route serves").toEqual([]);
  });

  it("the table is the matrix in docs/staff-roles.md, endpoint by endpoint and for every confirmation", () => {
    const documented = docRows(/^\| `((?:GET|POST) \/api\/staff\/\S+)`\s*\|/);
    const table = tableMatrix();
    expect([...documented.keys()].sort()).toEqual([...table.keys()].sort());
    for (const [endpoint, roles] of table) expect(documented.get(endpoint), endpoint).toEqual([...roles]);

    const confirmations = docRows(/^\| confirm `([\w.-]+)`\s*\|/);
    const rights = (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).filter((p) =>
      p.startsWith("proposals."),
    );
    expect([...confirmations.keys()].sort()).toEqual(rights.map((p) => p.slice("proposals.".length)).sort());
    for (const permission of rights) {
      expect(confirmations.get(permission.slice("proposals.".length)), permission).toEqual([
        ...STAFF_PERMISSIONS[permission].roles,
      ]);
    }
  });

  it("each endpoint refuses a missing session, refuses the roles the matrix leaves out, and admits the others", async () => {
    const table = tableMatrix();
    // Logging out ends the session the other calls use: last.
    const endpoints = [...table.keys()].sort((a, b) =>
      a === "POST /api/staff/logout" ? 1 : b === "POST /api/staff/logout" ? -1 : a.localeCompare(b),
    );
    for (const endpoint of endpoints) {
      expect((await call(endpoint)).statusCode, `${endpoint} without a session`).toBe(401);
      for (const role of ROLES) {
        const res = await call(endpoint, tokens[role]);
        const allowed = (table.get(endpoint) as readonly Role[]).includes(role);
        if (allowed) {
          expect([401, 403, 500], `${endpoint} as ${role}: ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${endpoint} as ${role}`).toBe(403);
          expect(res.json().code).toBe("FORBIDDEN");
        }
      }
    }
  });
});
