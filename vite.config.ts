import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
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

const FEATURE_ENTRY = /\/src\/features\/[^/]+\/index\.ts$/;

/** The client kernel's modules that check stored values at start (src/lib/storage.ts and its boot-time readers). */
const SHELL_VALIBOT = /\/src\/lib\/(storage|auth|site|visitor|installOffer|chunkReload)\.ts$/;
const VALIBOT_SHELL_SUFFIX = "?lottoup-shell";

/**
 * valibot is one module: the bundler keeps every function any page uses in whichever chunk holds it, and the shell
 * (which validates what it reads from storage at start) would then carry all the schema code of the lazy pages
 * (sign-up rules, drafts). The shell gets its own copy instead, tree-shaken to the few functions it calls; the
 * pages share the other. A second copy of a handful of small functions costs the lazy pages a few hundred bytes.
 */
function shellValibot(): Plugin {
  return {
    name: "lottoup-shell-valibot",
    enforce: "pre",
    apply: "build",
    async resolveId(source, importer) {
      if (source !== "valibot" || !importer || !SHELL_VALIBOT.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}${VALIBOT_SHELL_SUFFIX}` : null;
    },
    load(id) {
      return id.endsWith(VALIBOT_SHELL_SUFFIX)
        ? readFileSync(id.slice(0, -VALIBOT_SHELL_SUFFIX.length), "utf8")
        : null;
    },
  };
}

type ModuleInfoLookup = (id: string) => { importedIds: readonly string[] } | null;
let shell: Set<string> | null = null;

/** The app's modules (not libraries) that src/main.tsx reaches through static imports. */
function shellModules(getModuleInfo: ModuleInfoLookup): Set<string> {
  if (shell) return shell;
  const entry = fileURLToPath(new URL("./src/main.tsx", import.meta.url));
  const seen = new Set<string>();
  const walk = (id: string) => {
    // A feature's entry re-exports pages that load with their routes: what the shell really uses of it is for the
    // bundler to find, not this walk (it would put every page the entry lists into the first load).
    if (seen.has(id) || id.includes("/node_modules/") || FEATURE_ENTRY.test(id)) return;
    seen.add(id);
    for (const dep of getModuleInfo(id)?.importedIds ?? []) walk(dep);
  };
  walk(entry);
  shell = seen;
  return shell;
}

/** Forgets the shell of the previous build (watch mode), so each build groups its own module graph. */
function shellReset(): Plugin {
  return {
    name: "lottoup-shell-reset",
    buildStart() {
      shell = null;
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
    shellReset(),
    shellValibot(),
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
      // A feature's entry (src/features/<name>/index.ts) only re-exports (scripts/check-imports.ts checks it), so it
      // has no effects of its own: a page that imports one export of an entry gets that module only, not every page
      // the entry lists. Without this, each entry would pull all of its feature's pages into every chunk using it.
      treeshake: {
        moduleSideEffects: [
          { test: /\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false },
          { test: /.*/, sideEffects: true },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs travel as one file: a dozen small shared chunks each pay their own
            // request and gzip overhead on the first load.
            {
              name: "framework",
              priority: 2,
              test: /node_modules\/(react|react-dom|scheduler|@tanstack|jotai|@lingui|ky|use-sync-external-store|seroval|cookie-es)\//,
            },
            // The app's own modules that the entry imports statically load on every first visit anyway: they
            // travel in one file too. Left to the bundler they are cut into a dozen small shared chunks (by
            // which lazy pages also use them), each costing the first load a request and gzip overhead.
            {
              debugName: "app",
              name: (id: string, ctx: { getModuleInfo: ModuleInfoLookup }) =>
                shellModules((m) => ctx.getModuleInfo(m)).has(id) ? "app" : null,
              priority: 1,
            },
            // The login form's small shared parts (the landing page's form, also used by sign-up and the PIN pages):
            // one file, not four, on the first visit.
            {
              name: "login",
              test: /\/src\/(features\/auth\/(login|messages|LineLoginButton|LoginForm)\.tsx?|ui\/form\.tsx)$/,
            },
          ],
        },
      },
    },
  },
});
