import { FLAG_RATIO, isFlagCode } from "./flags.ts";

// A hairline inside the edge so white flags (Japan) show on a white page; images, not emoji, because Windows
// and machines without an emoji font draw regional-indicator pairs as letters or empty boxes.
const FLAG_STYLE = {
  borderRadius: 1,
  outline: "1px solid rgba(0, 0, 0, 0.15)",
  outlineOffset: -1,
  verticalAlign: "middle",
  marginInlineEnd: "0.35em",
} as const;

/**
 * A country's flag (public/flags/<code>.svg), `height` pixels high in the flags' shared 3:2 box. Decorative by
 * default (it sits next to the market's name); with `label` it is announced with that text. Nothing for a code
 * without a drawing.
 */
export function Flag({
  code,
  height = 20,
  label,
}: {
  code: string | null | undefined;
  height?: number;
  label?: string;
}) {
  if (!isFlagCode(code)) return null;
  return (
    <img
      className="flag"
      src={`/flags/${code}.svg`}
      width={Math.round(height * FLAG_RATIO)}
      height={height}
      alt={label ?? ""}
      aria-hidden={label ? undefined : true}
      loading="lazy"
      decoding="async"
      style={FLAG_STYLE}
    />
  );
}
