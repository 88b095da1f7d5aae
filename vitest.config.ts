import { linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        // Component tests (*.test.tsx) render pages whose texts are Lingui macros: compile them as the build does
        // (the preset only touches files that import a macro).
        plugins: [babel({ presets: [linguiTransformerBabelPreset()] })],
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "sw/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          // scripts/: the helpers that start the real server (scripts/server-process.test.ts).
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file builds its own app on a fresh database; two workers match the machines' two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
