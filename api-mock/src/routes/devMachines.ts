import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { runScenario, type Scenario } from '../../../machines/headless';
import { MACHINES } from '../../../machines/registry';
import { escapeHtml } from '../lib/html';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CHARTS = path.join(ROOT, 'docs/statecharts');
const SCENARIOS = path.join(ROOT, 'docs/machine-scenarios');

/** Bounds of what a caller can make the server run; the scenario travels in the URL (16 KB of request head). */
export const DEV_SCENARIO_MAX_CHARS = 4_000;
export const DEV_EVENT_MAX_CHARS = 1_000;
export const DEV_SCENARIO_MAX_EVENTS = 100;

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;max-width:72rem}nav li{margin:.2rem 0}
img{max-width:100%;border:1px solid #ddd;background:#fff}textarea,input[type=text]{width:100%;font-family:monospace}
pre{white-space:pre-wrap;background:#f5f5f5;padding:.5rem}.events form{display:inline}.error{color:#a00}`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        `<style>${STYLE}</style></head>\n<body>\n${body}\n</body>\n</html>`,
    );
}

const machineList = () =>
  `<nav aria-label="Machines"><ul>${Object.entries(MACHINES)
    .map(([name, { about }]) => `<li><a href="/dev/machines/${name}">${name}</a>: ${escapeHtml(about)}</li>`)
    .join('')}</ul></nav>`;

/** The first example scenario of a machine in docs/machine-scenarios, else one with no events. */
function exampleScenario(name: string): string {
  const file = existsSync(SCENARIOS) ? readdirSync(SCENARIOS).find((f) => f.startsWith(`${name}.`)) : undefined;
  return file ? readFileSync(path.join(SCENARIOS, file), 'utf8') : '{ "events": [] }\n';
}

type Parsed<T> = { value: T } | { problem: string };
function parseJson<T>(label: string, text: string, max: number): Parsed<T> {
  if (text.length > max) return { problem: `${label} is longer than ${max} characters.` };
  try {
    return { value: JSON.parse(text) as T };
  } catch (error) {
    return { problem: `${label} is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function scenarioProblem(scenario: unknown): string | null {
  if (typeof scenario !== 'object' || scenario === null || !Array.isArray((scenario as Scenario).events)) {
    return 'The scenario needs "events", a list of events.';
  }
  if ((scenario as Scenario).events.length > DEV_SCENARIO_MAX_EVENTS) {
    return `The scenario has more than ${DEV_SCENARIO_MAX_EVENTS} events.`;
  }
  return null;
}

const eventProblem = (event: unknown) =>
  typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string'
    ? null
    : 'An event is an object with a "type".';

/**
 * GET /dev/machines (development only, with the demo world): every machine of the web app with its chart, and a
 * machine driven by events. Each send replays the scenario (input, actor answers, events) with the new event added
 * on a fresh instance (the headless runner of `npm run machine`), and shows every step, the state, the context and
 * the events the state takes. Nothing is stored, so GET is safe; the scenario and event are bounded.
 */
export async function registerDevMachines(app: FastifyInstance) {
  app.get('/dev/machines', async (_request, reply) =>
    page(
      reply,
      200,
      'Machines',
      `<h1>Machines</h1>\n<p>The XState machines of the web app. Open one to see its chart and drive it with events.</p>\n${machineList()}`,
    ),
  );

  app.get<{ Params: { name: string } }>('/dev/machines/:name/chart.svg', async (request, reply) => {
    const { name } = request.params;
    const file = path.join(CHARTS, `${name}.svg`);
    if (!Object.hasOwn(MACHINES, name) || !existsSync(file)) return reply.code(404).send();
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml')
      .send(readFileSync(file, 'utf8'));
  });

  app.get<{ Params: { name: string }; Querystring: { scenario?: string; event?: string } }>(
    '/dev/machines/:name',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            scenario: { type: 'string', maxLength: DEV_SCENARIO_MAX_CHARS },
            event: { type: 'string', maxLength: DEV_EVENT_MAX_CHARS },
          },
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!Object.hasOwn(MACHINES, name)) {
        return page(reply, 404, 'No such machine', `<h1>No machine “${escapeHtml(name)}”</h1>\n${machineList()}`);
      }
      const text = request.query.scenario ?? exampleScenario(name);
      const scenario = parseJson<Scenario>('The scenario', text, DEV_SCENARIO_MAX_CHARS);
      const eventText = request.query.event?.trim() ?? '';
      const event =
        eventText === '' ? null : parseJson<Scenario['events'][number]>('The event', eventText, DEV_EVENT_MAX_CHARS);
      const problem =
        'problem' in scenario
          ? scenario.problem
          : (scenarioProblem(scenario.value) ??
            (event && 'problem' in event ? event.problem : event ? eventProblem(event.value) : null));

      let result = '';
      let nextScenario = text;
      let accepted: string[] = [];
      if (problem === null && 'value' in scenario) {
        const run: Scenario = { ...scenario.value, events: [...scenario.value.events] };
        if (event && 'value' in event) run.events.push(event.value);
        nextScenario = JSON.stringify(run, null, 2);
        const lines: string[] = [];
        const end = await runScenario(MACHINES[name]!.machine, run, (line) => lines.push(line));
        accepted = end.events;
        result = `<h3>Run</h3>\n<pre>${escapeHtml(lines.join('\n'))}</pre>
<h3>State</h3>\n<pre data-testid="state">${escapeHtml(JSON.stringify(end.state))}</pre>
<h3>Context</h3>\n<pre>${escapeHtml(JSON.stringify(end.context, null, 2))}</pre>`;
      }
      const sendForm = (type: string) =>
        `<form method="get"><input type="hidden" name="scenario" value="${escapeHtml(nextScenario)}">` +
        `<input type="hidden" name="event" value="${escapeHtml(JSON.stringify({ type }))}">` +
        `<button type="submit">${escapeHtml(type)}</button></form>`;
      const body = `<p><a href="/dev/machines">All machines</a></p>
<h1>${escapeHtml(name)}</h1>
<p>${escapeHtml(MACHINES[name]!.about)}</p>
<a href="/dev/machines/${name}/chart.svg"><img src="/dev/machines/${name}/chart.svg" alt="Statechart of ${escapeHtml(name)}"></a>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
${accepted.length ? `<h2>Send an event the state takes</h2>\n<div class="events">${accepted.map(sendForm).join(' ')}</div>` : ''}
<h2>Scenario</h2>
<form method="get">
<p><label for="scenario">Scenario (input, actor answers, events so far; see docs/testing-machines.md)</label>
<textarea id="scenario" name="scenario" rows="12">${escapeHtml(nextScenario)}</textarea></p>
<p><label for="event">Next event (JSON, with its fields)</label>
<input type="text" id="event" name="event" value="" placeholder='{ "type": "START" }'></p>
<p><button type="submit">Send</button></p>
</form>
${result}`;
      return page(reply, problem ? 400 : 200, `${name} machine`, body);
    },
  );
}
