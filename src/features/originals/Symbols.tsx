import type { SlotSymbol } from "../../domain/games/index.ts";

/**
 * Siam Fortune's symbols, drawn here as SVG (generated artwork, no third-party images): each is decorative inside
 * a cell that carries its name (role="img" with the symbol's name in the player's language).
 */

const letter = (text: string, fill: string) => (
  <>
    <circle cx="24" cy="24" r="20" fill={fill} />
    <text
      x="24"
      y="31"
      textAnchor="middle"
      fontSize="22"
      fontWeight="700"
      fill="#fff"
      fontFamily="Georgia, serif"
    >
      {text}
    </text>
  </>
);

const ART: Record<SlotSymbol, React.ReactNode> = {
  wild: (
    <>
      <circle cx="24" cy="24" r="21" fill="#7a1fa2" />
      <path
        d="M24 6l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1z"
        fill="#f5b301"
        stroke="#fff3c4"
        strokeWidth="1.5"
      />
    </>
  ),
  elephant: (
    <>
      <circle cx="24" cy="24" r="21" fill="#dbe4f3" />
      <ellipse cx="26" cy="26" rx="13" ry="10" fill="#6b7a99" />
      <circle cx="15" cy="20" r="8" fill="#6b7a99" />
      <path d="M9 22c-3 6-2 12 2 14" stroke="#6b7a99" strokeWidth="4" fill="none" strokeLinecap="round" />
      <rect x="18" y="32" width="4" height="8" fill="#6b7a99" />
      <rect x="30" y="32" width="4" height="8" fill="#6b7a99" />
      <circle cx="14" cy="18" r="1.6" fill="#1b2330" />
      <path d="M20 12l4-4 4 4" stroke="#f5b301" strokeWidth="2" fill="none" />
    </>
  ),
  tuktuk: (
    <>
      <circle cx="24" cy="24" r="21" fill="#fde7c2" />
      <path d="M10 30V18h18l8 6v6z" fill="#1f7a4c" />
      <path d="M8 16h24" stroke="#c62828" strokeWidth="4" strokeLinecap="round" />
      <rect x="13" y="20" width="10" height="6" fill="#cde8f7" />
      <circle cx="14" cy="32" r="4" fill="#1b2330" />
      <circle cx="32" cy="32" r="4" fill="#1b2330" />
    </>
  ),
  lotus: (
    <>
      <circle cx="24" cy="24" r="21" fill="#e3f4ec" />
      <path d="M24 10c5 6 5 14 0 22-5-8-5-16 0-22z" fill="#e86a9a" />
      <path d="M24 32c-6-2-12-8-13-15 7 1 11 7 13 15z" fill="#f29bbb" />
      <path d="M24 32c6-2 12-8 13-15-7 1-11 7-13 15z" fill="#f29bbb" />
      <path d="M12 36h24" stroke="#1a8f4c" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  mango: (
    <>
      <circle cx="24" cy="24" r="21" fill="#fff5d6" />
      <path d="M16 30c-4-10 4-20 14-18 6 2 8 10 4 16-4 7-14 9-18 2z" fill="#f5a623" />
      <path d="M28 12c2-3 6-4 8-3-1 3-4 5-8 3z" fill="#1a8f4c" />
    </>
  ),
  ace: letter("A", "#c62828"),
  king: letter("K", "#1f5fbf"),
  queen: letter("Q", "#1a8f4c"),
  jack: letter("J", "#5a6577"),
};

export function SymbolArt({ symbol }: { symbol: SlotSymbol }) {
  return (
    <svg viewBox="0 0 48 48" width="100%" height="100%" aria-hidden="true" focusable="false">
      {ART[symbol]}
    </svg>
  );
}
