// A worker thread starts here: the server runs TypeScript through tsx, so the worker registers it too, then loads
// the TypeScript module named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
