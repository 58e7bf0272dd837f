import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromCallback } from 'xstate';
import { hubConnectionMachine, type HubEvent } from '../../../../machines/hubConnection.machine';

/** The browser side of /signalr: a WebSocket that says hello once open, and hands each message over as JSON. */
const socket = fromCallback<HubEvent>(({ sendBack, receive }) => {
  const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/signalr`;
  const ws = new WebSocket(url);
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: 'hello' }));
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
export function useHub(onMessage: (message: unknown) => void) {
  const machine = useMemo(
    () => hubConnectionMachine.provide({ actors: { socket }, actions: { received: (_, m) => onMessage(m) } }),
    [onMessage],
  );
  const [snapshot] = useMachine(machine);
  return snapshot.matches({ live: 'connected' })
    ? 'connected'
    : snapshot.matches('reconnecting')
      ? 'reconnecting'
      : 'connecting';
}
