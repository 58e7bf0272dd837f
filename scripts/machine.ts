/**
 * npm run machine -- <name> <scenario.json>: runs one of the web app's machines headless, its actors answered by the
 * scenario, and prints every state, context change, effect and emitted event (docs/testing-machines.md).
 */
import { readFileSync } from 'node:fs';
import { runScenario, type Scenario } from '../machines/headless';
import { MACHINES } from '../machines/registry';

const [name, file] = process.argv.slice(2);
if (!name || !file || !MACHINES[name]) {
  console.error('usage: npm run machine -- <name> <scenario.json>');
  console.error(`machines: ${Object.keys(MACHINES).join(', ')}`);
  process.exit(2);
}
let scenario: Scenario;
try {
  scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
} catch (error) {
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
if (!Array.isArray(scenario.events)) {
  console.error(`${file}: a scenario needs "events", a list of events to send`);
  process.exit(2);
}
await runScenario(MACHINES[name].machine, scenario, (line) => console.log(line));
