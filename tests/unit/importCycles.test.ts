import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['api-mock/src', 'web/src', 'contract', 'machines'];

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

const resolveImport = (from: string, specifier: string): string | undefined => {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
};

/** The files a file imports or re-exports from by a relative path, type-only and dynamic imports included. */
const importsOf = (file: string): string[] =>
  ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => resolveImport(file, specifier) ?? []);

/** Every import cycle as its files in import order, found by a depth-first walk (one cycle per back edge). */
function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    onPath.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = onPath.indexOf(next);
      if (at >= 0) cycles.push(onPath.slice(at));
      else if (!done.has(next)) visit(next);
    }
    onPath.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}

describe('the module graph', () => {
  it('has no import cycles in the server, the web app, the contract or the machines', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    const cycles = importCycles(graph).map((cycle) => cycle.map((file) => path.relative(ROOT, file)).join(' -> '));
    expect(files.length).toBeGreaterThan(500);
    expect(cycles).toEqual([]);
  }, 30_000);
});
