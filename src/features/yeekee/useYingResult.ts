import { useEffect, useState } from "react";
import { useLoad } from "../../lib/load.ts";
import { fetchYingResult, type ResultRound, type YingResult } from "./yeekeeApi.ts";

/** While the result is being worked out (shots counted, settlement) it is asked again this often. */
export const RESULT_POLL_MS = 3000;

/** Asks for the result once it may be asked (docs/rules.md "Yeekee shooting"), then again until it is decided. */
export function useYingResult(
  round: ResultRound,
  mayAsk: boolean,
): { data: YingResult | null; asking: boolean } {
  const [decided, setDecided] = useState(false);
  const result = useLoad(() => fetchYingResult(round.betId), [round.betId], {
    enabled: mayAsk && !decided,
    refreshMs: RESULT_POLL_MS,
  });
  const data = result.data ?? null;
  useEffect(() => {
    // Decided: nothing changes any more, so the asking stops (the answer stays on screen).
    if (data && data.status !== "waiting") setDecided(true);
  }, [data]);
  return { data, asking: mayAsk };
}
