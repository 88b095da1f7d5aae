import { encode } from "uqr";

/** Light modules around the code, as the QR standard asks. */
export const QR_QUIET_ZONE = 4;

/**
 * `text` as a QR code (error correction M) in a compact SVG string: a white background and one black <path>
 * made of one rectangle per horizontal run of dark modules. The viewBox is in modules (code plus a 4-module
 * quiet zone on each side) and has no width/height, so it scales to its container; crispEdges keeps the
 * modules sharp. Safe to inline: the text itself never appears in the output.
 */
export function qrSvg(text: string): string {
  const { size, data } = encode(text, { ecc: "M", border: 0 });
  const total = size + QR_QUIET_ZONE * 2;
  let d = "";
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      d += `M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${x - start}v1h-${x - start}z`;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${total}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  );
}
