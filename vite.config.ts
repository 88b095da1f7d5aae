import { readFileSync } from "node:fs";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const MANIFEST_FILE = "manifest.webmanifest";

// The web app manifest lives at the project root (one file for humans to edit); emit it into the build
// and serve it in dev, so index.html can link it and the service worker can precache it.
function rootManifest(): Plugin {
  const source = () => readFileSync(new URL(`./${MANIFEST_FILE}`, import.meta.url), "utf8");
  return {
    name: "lottoup-root-manifest",
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_req, res) => {
        res.setHeader("Content-Type", "application/manifest+json");
        res.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: MANIFEST_FILE, source: source() });
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, routesDirectory: "src/routes" }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    rootManifest(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,woff2,png,svg,ico,webmanifest}"],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      "/api": "http://localhost:8080",
      "/poy-api": "http://localhost:8080",
      "/ccu": { target: "ws://localhost:8080", ws: true },
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The libraries every page needs travel as one file: a dozen small shared chunks each pay their own
        // request and gzip overhead on the first load.
        manualChunks(id: string) {
          if (
            /node_modules\/(react|react-dom|scheduler|@tanstack|jotai|@lingui|ky|use-sync-external-store|seroval|cookie-es)\//.test(
              id,
            )
          ) {
            return "framework";
          }
          return undefined;
        },
      },
    },
  },
});
