import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { domHarness } from "./dom.tsx";

/**
 * Renders `page` as the root route's component of a memory router opened at `at`, so its router links resolve
 * (each of `paths` is an empty child route a link may point to).
 */
export async function renderRouted(
  dom: ReturnType<typeof domHarness>,
  page: () => ReactNode,
  { at = "/", paths = [] }: { at?: string; paths?: readonly string[] } = {},
): Promise<HTMLElement> {
  const rootRoute = createRootRoute({ component: page });
  const children = paths.map((path) => createRoute({ getParentRoute: () => rootRoute, path }));
  const router = createRouter({
    routeTree: rootRoute.addChildren(children),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  await router.load();
  return dom.render(<RouterProvider router={router} />);
}
