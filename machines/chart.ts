import type { AnyStateMachine } from 'xstate';

/** The parts of XState's StateNode and TransitionDefinition that a chart reads. */
interface ChartNode {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, ChartNode>;
  initial?: { target: ChartNode[] };
  transitions: Map<string, ChartTransition[]>;
  always?: ChartTransition[];
  invoke: { id: string; src: unknown }[];
}
interface ChartTransition {
  eventType: string;
  target?: ChartNode[];
  guard?: unknown;
}

type Guard = string | { type?: string; name?: string; guards?: unknown[] } | ((...args: never[]) => unknown);

/** A guard as a person reads it: its name, or and/or/not of the names. */
export function guardLabel(guard: unknown): string {
  const g = guard as Guard & { guards?: unknown[] };
  if (typeof g === 'string') return g;
  if (g && typeof g === 'object' && typeof g.type === 'string') return g.type;
  if (typeof g === 'function' && Array.isArray(g.guards)) {
    const parts = g.guards.map(guardLabel);
    if (g.name === 'not') return `not ${parts[0]}`;
    return parts.join(g.name === 'or' ? ' or ' : ' and ');
  }
  return typeof g === 'function' && g.name ? g.name : 'guard';
}

/**
 * An event as a chart shows it: done and error events of actors (named by their source when the invoke has no id of
 * its own), delays, and plain event types.
 */
export function eventLabel(eventType: string, actorName: (id: string) => string = (id) => id): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${actorName(done[1]!)} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${actorName(error[1]!)} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}${/^\d+$/.test(after[1]!) ? ' ms' : ''}`;
  if (/^xstate\.done\.state\./.test(eventType)) return 'done';
  return eventType === '' ? 'always' : eventType;
}

const ANY = 'anyState';
const mermaidId = (node: ChartNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');
const srcLabel = (src: unknown) => (typeof src === 'string' ? src : 'actor');
/** Mermaid treats a few characters in labels as syntax. */
const text = (s: string) => s.replace(/[:;#{}]/g, ' ').trim();

/**
 * The statechart of a machine as a Mermaid state diagram, read from the machine's own definition: every state
 * (nested and parallel), every transition with its event and guard, and the actors each state invokes. Transitions
 * that change no state (context updates) are listed inside the state that takes them.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root as unknown as ChartNode;
  const lines = ['stateDiagram-v2'];

  const transitionsOf = (node: ChartNode) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []).map((t) => ({ ...t, eventType: '' })),
  ];
  const all: ChartNode[] = [];
  const collect = (node: ChartNode) => {
    all.push(node);
    Object.values(node.states).forEach(collect);
  };
  collect(root);
  const sources = new Map(all.flatMap((node) => node.invoke.map((i) => [i.id, srcLabel(i.src)] as const)));
  const actorName = (id: string) => sources.get(id) ?? id;
  const label = (t: ChartTransition) => {
    const guard = t.guard === undefined ? '' : ` [${guardLabel(t.guard)}]`;
    return text(`${eventLabel(t.eventType, actorName)}${guard}`);
  };

  /** What a state does besides its transitions: the actors it invokes and the events it takes in place. */
  const notesOf = (node: ChartNode) => [
    ...node.invoke.map((invoke) => `invokes ${text(srcLabel(invoke.src))}`),
    ...transitionsOf(node)
      .filter((t) => !t.target?.length)
      .map((t) => `on ${label(t)}`),
  ];
  // Mermaid gives a composite state no description, so its notes go in a note beside it.
  const describe = (node: ChartNode, indent: string) => {
    const id = mermaidId(node);
    lines.push(`${indent}state "${text(node.key)}" as ${id}`);
    if (Object.keys(node.states).length === 0) for (const note of notesOf(node)) lines.push(`${indent}${id} : ${note}`);
  };
  const noteBeside = (node: ChartNode, indent: string) => {
    const notes = notesOf(node);
    if (Object.keys(node.states).length === 0 || notes.length === 0) return;
    lines.push(
      `${indent}note right of ${mermaidId(node)}`,
      ...notes.map((n) => `${indent}  ${n}`),
      `${indent}end note`,
    );
  };

  const body = (node: ChartNode, indent: string) => {
    const children = Object.values(node.states);
    if (node.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        emit(region, indent);
      });
      return;
    }
    const initial = node.initial?.target[0];
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const child of children) emit(child, indent);
  };

  function emit(node: ChartNode, indent: string) {
    const id = mermaidId(node);
    describe(node, indent);
    if (Object.keys(node.states).length > 0) {
      lines.push(`${indent}state ${id} {`);
      body(node, `${indent}  `);
      lines.push(`${indent}}`);
      noteBeside(node, indent);
    }
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  }

  if (root.type === 'parallel') {
    // Mermaid draws parallel regions only inside a composite state.
    lines.push(`  state "${text(root.key)}" as ${mermaidId(root)}`, `  state ${mermaidId(root)} {`);
    body(root, '    ');
    lines.push('  }');
  } else {
    body(root, '  ');
  }
  // What the machine does in every state: drawn from a node of its own.
  const anywhere = transitionsOf(root);
  if (anywhere.length > 0 || root.invoke.length > 0) {
    lines.push(`  state "(in any state)" as ${ANY}`);
    for (const invoke of root.invoke) lines.push(`  ${ANY} : invokes ${text(srcLabel(invoke.src))}`);
    for (const t of anywhere) if (!t.target?.length) lines.push(`  ${ANY} : on ${label(t)}`);
  }
  for (const node of all) {
    for (const t of transitionsOf(node)) {
      for (const target of t.target ?? []) {
        const from = node === root ? ANY : mermaidId(node);
        lines.push(`  ${from} --> ${mermaidId(target)} : ${label(t)}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
