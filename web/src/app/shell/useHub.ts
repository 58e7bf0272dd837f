import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromCallback } from 'xstate';
import { hubConnectionMachine, type HubEvent } from '../../../../machines/hubConnection.machine';
import type { HubHello } from '../../../../contract/domainEvents';

/**
 * The browser side of /signalr: a WebSocket that says hello once open (with the last domain event the page has, so
 * the hub replays what it missed), and hands each message over as JSON.
 */
const socketSaying = (since: () => number | undefined) =>
  fromCallback<HubEvent>(({ sendBack, receive }) => {
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/signalr`;
    const ws = new WebSocket(url);
    ws.onopen = () => {
      const hello: HubHello = { type: 'hello', since: since() };
      ws.send(JSON.stringify(hello));
      sendBack({ type: 'OPENED' });
    };
    ws.onclose = () => sendBack({ type: 'CLOSED' });
    ws.onmessage = (e: MessageEvent<string>) => {
      try {
        sendBack({ type: 'MESSAGE', message: JSON.parse(e.data) as unknown });
      } catch {
        // not JSON: not ours
      }
    };
    receive((event) => {
      if (event.type === 'INVOKE' && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(event));
    });
    return () => ws.close();
  });

/** Keeps the real-time connection of the signed-in portal; `onMessage` gets every pushed message. */
export function useHub(onMessage: (message: unknown) => void, since: () => number | undefined) {
  const machine = useMemo(
    () =>
      hubConnectionMachine.provide({
        actors: { socket: socketSaying(since) },
        actions: { received: (_, m) => onMessage(m) },
      }),
    [onMessage, since],
  );
  const [snapshot] = useMachine(machine);
  return snapshot.matches({ live: 'connected' })
    ? 'connected'
    : snapshot.matches('reconnecting')
      ? 'reconnecting'
      : 'connecting';
}
