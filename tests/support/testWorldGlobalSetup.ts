import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTempPostgres } from './postgres';
import { makeTestWorld } from './worldSnapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * Seeds the test world once for the run. With API_DB=postgres: one temporary cluster whose template database
 * holds it, and every test file makes its own database; otherwise a dumped PGlite data directory.
 */
export default async function setup(project: TestProject) {
  if ((project.config.env?.API_DB ?? process.env.API_DB) === 'postgres') {
    const cluster = await startTempPostgres();
    await makeTestWorld({ adminUrl: cluster.adminUrl });
    project.provide('pgAdminUrl', cluster.adminUrl);
    project.provide('worldSnapshotFile', '');
    return () => cluster.stop();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-world-'));
  const file = path.join(dir, 'world.tar');
  await makeTestWorld({ file });
  project.provide('pgAdminUrl', '');
  project.provide('worldSnapshotFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
