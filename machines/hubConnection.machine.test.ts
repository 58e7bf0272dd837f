import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type Actor } from 'xstate';
import { HUB_RETRY_MS } from '../contract/limits';
import { hubConnectionMachine, type HubEvent } from './hubConnection.machine';

let actor: Actor<typeof hubConnectionMachine> | undefined;
afterEach(() => actor?.stop());

/** A fake socket: the test opens and closes it through the sendBack it captured. */
function start() {
  const clock = new SimulatedClock();
  const sockets: Array<(e: HubEvent) => void> = [];
  const sent: Array<{ method: string; args: unknown[] }> = [];
  const received: unknown[] = [];
  actor = createActor(
    hubConnectionMachine.provide({
      actors: {
        socket: fromCallback<HubEvent>(({ sendBack, receive }) => {
          sockets.push(sendBack);
          receive((e) => e.type === 'INVOKE' && sent.push({ method: e.method, args: e.args }));
        }),
      },
      actions: { received: (_, m) => void received.push(m) },
    }),
    { clock },
  ).start();
  return { actor, clock, sockets, sent, received };
}

describe('real-time hub connection', () => {
  it('connects, receives messages and sends calls while connected', () => {
    const { actor, sockets, sent, received } = start();
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
    sockets[0]!({ type: 'OPENED' });
    expect(actor.getSnapshot().value).toEqual({ live: 'connected' });
    sockets[0]!({ type: 'MESSAGE', message: { type: 'unreadCount', count: 3 } });
    actor.send({ type: 'INVOKE', method: 'importProduct', args: [1] });
    expect(received).toEqual([{ type: 'unreadCount', count: 3 }]);
    expect(sent).toEqual([{ method: 'importProduct', args: [1] }]);
  });

  it('after a drop it waits one second, then opens a new connection', () => {
    const { actor, clock, sockets } = start();
    sockets[0]!({ type: 'OPENED' });
    sockets[0]!({ type: 'CLOSED' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    clock.increment(HUB_RETRY_MS - 1);
    expect(sockets).toHaveLength(1);
    clock.increment(1);
    expect(sockets).toHaveLength(2);
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
  });

  it('a call made while not connected waits and goes out once connected', () => {
    const { actor, clock, sockets, sent } = start();
    actor.send({ type: 'INVOKE', method: 'importProduct', args: ['a'] });
    sockets[0]!({ type: 'CLOSED' });
    actor.send({ type: 'INVOKE', method: 'importProduct', args: ['b'] });
    clock.increment(HUB_RETRY_MS);
    expect(sent).toEqual([]);
    sockets[1]!({ type: 'OPENED' });
    expect(sent).toEqual([
      { method: 'importProduct', args: ['a'] },
      { method: 'importProduct', args: ['b'] },
    ]);
  });

  it('stops for good', () => {
    const { actor } = start();
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
