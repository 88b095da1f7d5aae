import { lazy, Suspense } from "react";
import { useAtomValue } from "../lib/store.ts";
import { snackbarAtom } from "./snackbar.ts";

// The snackbar's view loads the first time a message shows: most first visits never see one.
const Snackbar = lazy(() => import("./Snackbar.tsx"));

export function SnackbarHost() {
  const { show, seq } = useAtomValue(snackbarAtom);
  if (!show && seq === 0) return null;
  return (
    <Suspense fallback={null}>
      <Snackbar />
    </Suspense>
  );
}
