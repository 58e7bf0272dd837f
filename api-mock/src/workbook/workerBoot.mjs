// A worker thread or a child process starts here: the server runs TypeScript through tsx, so the worker registers
// it too, then loads the TypeScript module named in workerData.entry (a thread) or its first argument (a process).
import process from 'node:process';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.entry ?? process.argv[2]);
