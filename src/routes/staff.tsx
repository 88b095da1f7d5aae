import { createFileRoute } from "@tanstack/react-router";
import { StaffConsole } from "../features/staff/index.ts";
import { loadStaffCatalog } from "../lib/catalogs.ts";

/** The back office (staff accounts, not members): outside the member guard, with its own session. */
export const Route = createFileRoute("/staff")({ loader: loadStaffCatalog, component: StaffConsole });
