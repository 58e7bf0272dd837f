import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type Actor } from 'xstate';
import { HUB_RETRY_MS } from '../contract/limits';
import { hubConnectionMachine, type HubCall, type HubEvent } from './hubConnection.machine';

let actor: Actor<typeof hubConnectionMachine> | undefined;
afterEach(() => actor?.stop());

const call = (invocationId: string): HubCall => ({
  type: 'importProductMarket',
  invocationId,
  file: { resourceKey: `uploads/${invocationId}.xlsx`, bucketName: 'portal' },
  xsrfToken: 't',
});

/** A fake socket: the test opens and closes it through the sendBack it captured. */
function start() {
  const clock = new SimulatedClock();
  const sockets: Array<(e: HubEvent) => void> = [];
  const sent: string[] = [];
  const received: unknown[] = [];
  const lost: string[][] = [];
  actor = createActor(
    hubConnectionMachine.provide({
      actors: {
        socket: fromCallback<HubEvent>(({ sendBack, receive }) => {
          sockets.push(sendBack);
          receive((e) => e.type === 'INVOKE' && sent.push(e.call.invocationId));
        }),
      },
      actions: {
        received: (_, m) => void received.push(m),
        lost: (_, ids) => void lost.push(ids),
      },
    }),
    { clock },
  ).start();
  return { actor, clock, sockets, sent, received, lost };
}

describe('real-time hub connection', () => {
  it('connects, receives messages and sends calls while connected', () => {
    const { actor, sockets, sent, received } = start();
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
    sockets[0]!({ type: 'OPENED' });
    expect(actor.getSnapshot().value).toEqual({ live: 'connected' });
    sockets[0]!({ type: 'MESSAGE', message: { type: 'unreadCount', count: 3 } });
    actor.send({ type: 'INVOKE', call: call('a') });
    expect(received).toEqual([{ type: 'unreadCount', count: 3 }]);
    expect(sent).toEqual(['a']);
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
    actor.send({ type: 'INVOKE', call: call('a') });
    sockets[0]!({ type: 'CLOSED' });
    actor.send({ type: 'INVOKE', call: call('b') });
    clock.increment(HUB_RETRY_MS);
    expect(sent).toEqual([]);
    sockets[1]!({ type: 'OPENED' });
    expect(sent).toEqual(['a', 'b']);
  });

  it('a cancelled call that has not gone out never does', () => {
    const { actor, sockets, sent } = start();
    actor.send({ type: 'INVOKE', call: call('a') });
    actor.send({ type: 'INVOKE', call: call('b') });
    actor.send({ type: 'CANCEL', invocationId: 'a' });
    sockets[0]!({ type: 'OPENED' });
    expect(sent).toEqual(['b']);
  });

  it('tells which calls were out when the connection dropped, but not those already answered', () => {
    const { actor, sockets, lost } = start();
    sockets[0]!({ type: 'OPENED' });
    actor.send({ type: 'INVOKE', call: call('done') });
    actor.send({ type: 'INVOKE', call: call('refused') });
    actor.send({ type: 'INVOKE', call: call('open') });
    sockets[0]!({
      type: 'MESSAGE',
      message: { type: 'importProductMarketProgress', progress: 5, invocationId: 'open' },
    });
    sockets[0]!({
      type: 'MESSAGE',
      message: {
        type: 'importProductMarketCompleted',
        errorCode: 0,
        result: {},
        importedCount: 1,
        invocationId: 'done',
      },
    });
    sockets[0]!({ type: 'MESSAGE', message: { type: 'error', errorCode: 400, invocationId: 'refused' } });
    sockets[0]!({ type: 'CLOSED' });
    expect(lost).toEqual([['open']]);
  });

  it('stops for good', () => {
    const { actor } = start();
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
