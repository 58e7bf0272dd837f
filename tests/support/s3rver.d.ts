/** The part of s3rver (an S3-compatible server for tests; it ships no types) that tests/support/s3Server.ts uses. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory?: string;
    silent?: boolean;
    /** Buckets made at start, each with its configuration documents (CORS XML). */
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    configureBuckets(): Promise<void>;
    /** The request handler, for a server of one's own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
