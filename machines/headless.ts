import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate';

/** One answer of an invoked actor: a promise actor resolves with `output` or rejects with `error`. */
export type ActorAnswer = { output?: unknown; error?: unknown; send?: { type: string }[] };

/**
 * A scenario for a machine run headless: its input, the answers its actors give in the order they are invoked
 * (recorded from the real calls or written by hand), and the events to send; `{ "wait": ms }` lets the machine's
 * simulated clock run (for `after` transitions).
 */
export interface Scenario {
  input?: unknown;
  actors?: Record<string, ActorAnswer[]>;
  events: ({ type: string; [key: string]: unknown } | { wait: number })[];
}

/** Where a run ended: the state, the context, and the event types the active states take. */
export interface ScenarioEnd {
  state: unknown;
  context: Record<string, unknown>;
  events: string[];
}

const MAX_TEXT = 240;
const show = (value: unknown) => {
  const text =
    JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v)) ?? 'undefined';
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
};
const stateText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.(${stateText(v)})`))
        .join(', ');
const errorOf = (answer: ActorAnswer) =>
  answer.error instanceof Error
    ? answer.error
    : Object.assign(new Error(String((answer.error as { message?: string })?.message ?? 'failed')), answer.error);

/**
 * Runs `machine` with every actor it declares replaced by the scenario's answers, and reports each step: the state,
 * every context value that changed, each action taken (the effects the screen would see) and each emitted event.
 */
export async function runScenario(
  machine: AnyStateMachine,
  scenario: Scenario,
  print: (line: string) => void,
): Promise<ScenarioEnd> {
  const answers = new Map(Object.entries(scenario.actors ?? {}).map(([src, list]) => [src, [...list]]));
  const next = (src: string): ActorAnswer | undefined => answers.get(src)?.shift();
  const declared = Object.keys((machine.implementations as { actors?: Record<string, unknown> }).actors ?? {});
  // An actor whose answers send events runs as a callback actor (a subscription, a hub connection); any other as
  // a promise that resolves with `output` or rejects with `error`, or stays pending when no answer is left.
  const actors = Object.fromEntries(
    declared.map((src) => {
      const sends = (scenario.actors?.[src] ?? []).some((a) => a.send !== undefined);
      const callbackStub = fromCallback(
        ({ sendBack, input }: { sendBack: (e: { type: string }) => void; input: unknown }) => {
          const answer = next(src);
          print(`  actor ${src}(${show(input)}) started${answer?.send ? `, sends ${show(answer.send)}` : ''}`);
          for (const event of answer?.send ?? []) sendBack(event);
          return () => {};
        },
      );
      const promiseStub = fromPromise(async ({ input }: { input: unknown }) => {
        const answer = next(src);
        const outcome = !answer
          ? 'no answer: it stays pending'
          : answer.error !== undefined
            ? `error ${show(answer.error)}`
            : show(answer.output);
        print(`  actor ${src}(${show(input)}) → ${outcome}`);
        if (!answer) return new Promise<never>(() => {});
        if (answer.error !== undefined) throw errorOf(answer);
        return answer.output;
      });
      return [src, sends ? callbackStub : promiseStub];
    }),
  );
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.action') return;
    const { type, params } = event.action as { type: string; params?: unknown };
    if (type.startsWith('xstate.')) return;
    print(`  effect ${type}${params === undefined ? '' : ` ${show(params)}`}`);
  };
  let actor: ReturnType<typeof createActor>;
  try {
    actor = createActor(machine.provide({ actors } as never), { input: scenario.input, clock, inspect });
  } catch (error) {
    // A machine whose context needs input the scenario does not give fails here, before it starts.
    print(`error ${error instanceof Error ? error.message : String(error)} (does the scenario give the input?)`);
    return { state: null, context: {}, events: [] };
  }
  actor.on('*', (emitted) => print(`  emitted ${show(emitted)}`));
  // An error inside the machine ends it; it is printed, never thrown at the caller's process.
  actor.subscribe({ error: (error) => print(`error ${error instanceof Error ? error.message : String(error)}`) });

  let previous: Record<string, unknown> = {};
  const report = (label: string) => {
    const snapshot = actor.getSnapshot() as { value: unknown; context: Record<string, unknown>; status: string };
    print(
      `${label} → ${stateText(snapshot.value)}${snapshot.status === 'done' ? ' (done)' : snapshot.status === 'error' ? ' (failed)' : ''}`,
    );
    for (const key of Object.keys({ ...previous, ...snapshot.context })) {
      if (show(previous[key]) !== show(snapshot.context[key])) {
        print(`  ${key}: ${show(previous[key])} → ${show(snapshot.context[key])}`);
      }
    }
    previous = snapshot.context;
  };
  // Promise actors settle on the microtask queue; a few turns let their answers reach the machine.
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  actor.start();
  await settle();
  report('start');
  for (const step of scenario.events) {
    if ('wait' in step) {
      clock.increment(Number(step.wait));
      await settle();
      report(`wait ${step.wait} ms`);
      continue;
    }
    actor.send(step);
    await settle();
    const { type, ...rest } = step;
    report(`${type}${Object.keys(rest).length ? ` ${show(rest)}` : ''}`);
  }
  const { value, context, _nodes } = actor.getSnapshot() as unknown as {
    value: unknown;
    context: Record<string, unknown>;
    _nodes: { ownEvents: string[] }[];
  };
  actor.stop();
  const events = [...new Set(_nodes.flatMap((node) => node.ownEvents))].filter((e) => !e.startsWith('xstate.'));
  return { state: value, context, events };
}
