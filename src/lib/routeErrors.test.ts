import { describe, expect, it } from "vitest";
import { errorScreenFor, HttpStatusError } from "./routeErrors.ts";

describe("errorScreenFor", () => {
  it("maps statuses to the spec's screens", () => {
    expect(errorScreenFor(new HttpStatusError(400))).toBe("not-found");
    expect(errorScreenFor(new HttpStatusError(404))).toBe("not-found");
    expect(errorScreenFor(new HttpStatusError(401))).toBe("unauthorized");
    expect(errorScreenFor(new HttpStatusError(403))).toBe("forbidden");
    expect(errorScreenFor(new HttpStatusError(500))).toBe("server-error");
  });
  it("gives 'Not Allow Domain' its own screen", () => {
    expect(errorScreenFor(new HttpStatusError(400, "Not Allow Domain"))).toBe("not-allow-domain");
  });
  it("reads the status of API errors and treats anything unknown as a server error", () => {
    expect(errorScreenFor(Object.assign(new Error("x"), { status: 403 }))).toBe("forbidden");
    expect(errorScreenFor(new TypeError("undefined is not a function"))).toBe("server-error");
    expect(errorScreenFor("boom")).toBe("server-error");
  });
});
