import { describe, expect, it } from 'vitest';
import { HubClientMessage, HubServerMessage } from '../../contract/hub';

describe('hub messages (contract/hub)', () => {
  it('takes each message a browser sends, with or without an invocation id', () => {
    expect(HubClientMessage.safeParse({ type: 'hello', since: 4 }).success).toBe(true);
    const file = { resourceKey: 'uploads/a.xlsx', bucketName: 'portal' };
    const request = { type: 'importProductMarket', file, xsrfToken: 't', invocationId: 'call-1' };
    expect(HubClientMessage.parse(request)).toEqual(request);
    const product = { type: 'importProduct', locationId: 3, fileContent: 'UEsDBA==', xsrfToken: 't' };
    expect(HubClientMessage.safeParse(product).success).toBe(true);
  });

  it('refuses a message of no known type, a malformed one, and a bad invocation id', () => {
    for (const bad of [
      null,
      'hello',
      { type: 'shutdown' },
      { type: 'hello', since: -1 },
      { type: 'importProduct', locationId: 'x', fileContent: '!!', xsrfToken: 't' },
      { type: 'importProductMarket', file: { resourceKey: 1 }, xsrfToken: 't' },
      { type: 'importProduct', locationId: 3, fileContent: 'UEsDBA==', xsrfToken: 't', invocationId: '' },
      { type: 'importProduct', locationId: 3, fileContent: 'UEsDBA==', xsrfToken: 't', invocationId: 'x'.repeat(65) },
    ]) {
      expect(HubClientMessage.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads every message the hub sends, and refuses what the hub never sends', () => {
    for (const good of [
      { type: 'unreadCount', count: 0 },
      { type: 'domainEvent', id: 1, entityType: 'equipment', entityId: '7', eventType: 'equipment.updated' },
      { type: 'domainEventCursor', id: 0, gap: false },
      { type: 'ImportProductProgress', progress: 50, invocationId: 'call-1' },
      { type: 'ImportProductCompleted', errorCode: 0, result: { '3': [16101] }, importedCount: 1 },
      { type: 'importProductMarketProgress', progress: 100 },
      { type: 'importProductMarketCompleted', errorCode: 16050, result: {}, importedCount: 0, invocationId: 'c' },
      { type: 'error', errorCode: 400 },
    ]) {
      expect(HubServerMessage.safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
    for (const bad of [
      { type: 'unreadCount', count: -1 },
      { type: 'unreadCount' },
      { type: 'ImportProductProgress', progress: 101 },
      { type: 'hello' },
    ]) {
      expect(HubServerMessage.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
