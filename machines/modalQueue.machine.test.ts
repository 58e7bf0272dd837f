import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { headOf, modalQueueMachine, type ModalQueueEvent, type QueuedModal } from './modalQueue.machine';

let actor: Actor<typeof modalQueueMachine> | undefined;
afterEach(() => actor?.stop());

/** Starts the queue and records which modal was open after each event. */
function start() {
  const queue = createActor(modalQueueMachine).start();
  actor = queue;
  const opened: Array<QueuedModal | null> = [];
  const send = (...events: ModalQueueEvent[]) => {
    for (const event of events) {
      queue.send(event);
      opened.push(queue.getSnapshot().context.open);
    }
  };
  const open = () => queue.getSnapshot().context.open;
  return { queue, send, open, opened };
}

const deciding = (id: QueuedModal): ModalQueueEvent => ({ type: 'DECIDING', id });
const request = (id: QueuedModal): ModalQueueEvent => ({ type: 'REQUEST', id });
const done = (id: QueuedModal): ModalQueueEvent => ({ type: 'DONE', id });

describe('modal queue', () => {
  it('opens the modals in the fixed order whatever order their answers arrive in, one at a time', () => {
    const { send, open, opened, queue } = start();
    send(deciding('releaseNote'), deciding('notice'), deciding('cookieBanner'));
    send(request('cookieBanner'), request('notice'));
    expect(open()).toBeNull();
    send(request('releaseNote'));
    expect(open()).toBe('releaseNote');
    expect(queue.getSnapshot().matches('showing')).toBe(true);
    send(done('releaseNote'));
    expect(open()).toBe('notice');
    send(done('notice'));
    expect(open()).toBe('cookieBanner');
    send(done('cookieBanner'));
    expect(open()).toBeNull();
    expect(queue.getSnapshot().matches('idle')).toBe(true);
    expect(opened).toEqual([null, null, null, null, null, 'releaseNote', 'notice', 'cookieBanner', null]);
  });

  it('a modal that decides not to open lets the next one open', () => {
    const { send, open } = start();
    send(deciding('releaseNote'), request('notice'));
    expect(open()).toBeNull();
    send(done('releaseNote'));
    expect(open()).toBe('notice');
  });

  it('closing the open modal advances to the next waiting one', () => {
    const { send, open } = start();
    send(request('notice'), request('cookieBanner'));
    expect(open()).toBe('notice');
    send(done('notice'));
    expect(open()).toBe('cookieBanner');
  });

  it('a later modal after the open one in the order waits; one that is done while waiting never opens', () => {
    const { send, open, opened } = start();
    send(request('releaseNote'), request('cookieBanner'), done('cookieBanner'), done('releaseNote'));
    expect(opened).toEqual(['releaseNote', 'releaseNote', 'releaseNote', null]);
    expect(open()).toBeNull();
  });

  it('a session modal arriving later takes the turn at once; the modal it covered opens again after it', () => {
    const { send, open } = start();
    send(request('releaseNote'), request('notice'));
    expect(open()).toBe('releaseNote');
    send(request('session'));
    expect(open()).toBe('session');
    send(done('session'));
    expect(open()).toBe('releaseNote');
  });

  it('an open modal that goes back to deciding is no longer open, and holds back those after it', () => {
    const { send, open } = start();
    send(request('notice'), request('cookieBanner'), deciding('notice'));
    expect(open()).toBeNull();
    send(request('notice'));
    expect(open()).toBe('notice');
  });

  it('a modal that is done without taking part changes nothing', () => {
    const { send, open } = start();
    send(request('notice'), done('releaseNote'), done('session'));
    expect(open()).toBe('notice');
  });

  it('the head is the first modal in the order that takes part, only if it wants to open', () => {
    expect(headOf({})).toBeNull();
    expect(headOf({ cookieBanner: 'waiting', notice: 'deciding' })).toBeNull();
    expect(headOf({ cookieBanner: 'waiting', notice: 'waiting', session: 'waiting' })).toBe('session');
  });
});
