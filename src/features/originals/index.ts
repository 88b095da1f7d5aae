// Entry of the originals feature: LOTTOUP Originals' game pages (Baccarat, the Siam Fortune slot, Dice), which the
// games lobby frames at /external/originals/<game code>?token=…&lang=…; they speak only to the Originals API
// (/external/originals/api) with the game session token, and verify rounds with src/domain/games.
export { BaccaratPage } from "./BaccaratGame.tsx";
export { DicePage } from "./DiceGame.tsx";
export { SlotPage } from "./SlotGame.tsx";
