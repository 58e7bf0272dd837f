/**
 * `npm run search:config -- <data folder> [host:port]`: the searchd configuration of the portal's search index (issue
 * 36) on standard output, for Debian's sphinxsearch: `searchd --config <file>`, then start the portal with
 * SEARCH_URL=sphinx://host:port. The index keeps its shards and binary log in the data folder; the portal fills it.
 */
import path from 'node:path';
import { searchdConfig } from '../api-mock/src/search/searchedTables';

const [folder, listen = '127.0.0.1:9306'] = process.argv.slice(2);
if (!folder || !/^[\w.-]+:\d{1,5}$/.test(listen)) {
  console.error('usage: npm run search:config -- <data folder> [host:port]');
  process.exit(2);
}
process.stdout.write(searchdConfig(path.resolve(folder), listen));
