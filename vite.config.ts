import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Libraries (and the components wrapping them) that pages load only when they are used. */
const HEAVY_ON_DEMAND =
  /@tiptap|prosemirror|richText|recharts|d3-|driver\.js|qrcode|react-easy-crop|@blueprintjs[\\/]icons|[\\/]locales?[\\/]/;
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/i;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `x.br` and `x.gz` beside every text file of the build worth compressing (1 KB or more, and only when
 * compression saves something), for the server to send as they are by the browser's Accept-Encoding.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && TEXT_FILE.test(f.name))
        .map((f) => path.join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const br = await brotli(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          });
          const gz = await gzipped(content, { level: 9 });
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 3000,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The grouped chunks import each other both ways; strict order runs every module only when first needed, so a
        // class is never extended before its chunk has defined it ("Class extends value undefined").
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            // What the first screen needs travels as one file (not fifty, each with its own headers).
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // The code pages share comes in a few files grouped by the pages that use it: split finer, the
            // inventory page asked for 45 files, and the browser fetches six at a time. Heavy libraries a page
            // loads on demand keep their own chunks.
            {
              name: 'shared',
              test: (id) => !HEAVY_ON_DEMAND.test(id),
              minShareCount: 2,
              maxModuleSize: 60_000,
              entriesAware: true,
              entriesAwareMergeThreshold: 30_000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/signalr': { target: 'ws://localhost:8080', ws: true } } },
});
