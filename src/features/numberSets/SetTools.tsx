import type { PoyToolsProps, SlipToolsProps } from "../lotto/index.ts";
import { poyAsSetLines, slipAsSetLines } from "./load.ts";
import { LoadNumberSet, SaveNumberSet } from "./NumberSetTools.tsx";

/**
 * The number-set tools the routes put into lotto's pages (lotto never imports this feature): in the slip builder,
 * load a set into the slip and save the slip as one; under a placed slip on /poy, save its lines as one.
 */
export function BuilderSetTools({ round, slip, onLoad, suggestedName }: SlipToolsProps) {
  return (
    <>
      <LoadNumberSet round={round} slip={slip} onLoad={onLoad} />
      {slip.lines.length > 0 ? (
        <SaveNumberSet lines={slipAsSetLines(slip)} suggestedName={suggestedName} />
      ) : null}
    </>
  );
}

export function PoySetTools({ lines, suggestedName }: PoyToolsProps) {
  return <SaveNumberSet lines={poyAsSetLines(lines)} suggestedName={suggestedName} />;
}
