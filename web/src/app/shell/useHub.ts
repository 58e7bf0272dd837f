import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromCallback } from 'xstate';
import { HubServerMessage, type HubClientMessage } from '../../../../contract/hub';
import { hubConnectionMachine, type HubEvent } from '../../../../machines/hubConnection.machine';
import type { HubClient, HubListener } from '../../lib/hub';

/**
 * The browser side of /signalr: a WebSocket that says hello once open (with the last domain event the page has, so
 * the hub replays what it missed), sends the calls, and hands over each message the contract knows.
 */
const socketSaying = (since: () => number | undefined) =>
  fromCallback<HubEvent>(({ sendBack, receive }) => {
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/signalr`;
    const ws = new WebSocket(url);
    const say = (message: HubClientMessage) => ws.send(JSON.stringify(message));
    ws.onopen = () => {
      say({ type: 'hello', since: since() });
      sendBack({ type: 'OPENED' });
    };
    ws.onclose = () => sendBack({ type: 'CLOSED' });
    ws.onmessage = (e: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      const message = HubServerMessage.safeParse(data);
      if (message.success) sendBack({ type: 'MESSAGE', message: message.data });
    };
    receive((event) => {
      if (event.type === 'INVOKE' && ws.readyState === WebSocket.OPEN) say(event.call);
    });
    return () => ws.close();
  });

/**
 * Keeps the one real-time connection of the signed-in portal. `onMessage` gets every pushed message that answers no
 * invocation; `hub` sends invocations over the same socket and routes their answers by id.
 */
export function useHub(onMessage: (message: HubServerMessage) => void, since: () => number | undefined) {
  const listeners = useRef(new Map<string, HubListener>());
  const machine = useMemo(
    () =>
      hubConnectionMachine.provide({
        actors: { socket: socketSaying(since) },
        actions: {
          received: (_, message) => {
            const listener =
              'invocationId' in message && message.invocationId !== undefined
                ? listeners.current.get(message.invocationId)
                : undefined;
            if (!listener || !('invocationId' in message)) return onMessage(message);
            if (!message.type.endsWith('Progress')) listeners.current.delete(message.invocationId!);
            listener.answer(message);
          },
          lost: (_, ids) =>
            ids.forEach((id) => {
              const listener = listeners.current.get(id);
              listeners.current.delete(id);
              listener?.lost();
            }),
        },
      }),
    [onMessage, since],
  );
  const [snapshot, , actor] = useMachine(machine);
  const hub = useMemo<HubClient>(() => {
    let next = 0;
    return {
      invoke(invocation, listener) {
        next += 1;
        const invocationId = `call-${next}`;
        listeners.current.set(invocationId, listener);
        actor.send({ type: 'INVOKE', call: { ...invocation, invocationId } });
        return () => {
          listeners.current.delete(invocationId);
          actor.send({ type: 'CANCEL', invocationId });
        };
      },
    };
  }, [actor]);
  // After the first lost or refused connection, the tries that follow count as reconnecting.
  const status = snapshot.matches({ live: 'connected' })
    ? 'connected'
    : snapshot.matches('reconnecting') || snapshot.context.attempts > 1
      ? 'reconnecting'
      : 'connecting';
  return { status, hub } as const;
}
