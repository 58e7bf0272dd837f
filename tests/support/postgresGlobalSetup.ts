import type { TestProject } from 'vitest/node';
import { startTempPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/** For API_DB=postgres: one temporary cluster for the whole run; every test file makes its own database. */
export default async function setup(project: TestProject) {
  if (process.env.API_DB !== 'postgres') {
    project.provide('pgAdminUrl', '');
    return;
  }
  const cluster = await startTempPostgres();
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
