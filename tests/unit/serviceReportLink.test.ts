import { describe, expect, it } from 'vitest';
import { serviceOrderIdOf } from '../../web/src/features/workOrders/serviceReportLink';

describe('the service report link’s order id', () => {
  it('is read bare, as the spec writes the link, or as a named parameter', () => {
    expect(serviceOrderIdOf('?12345')).toBe(12345);
    expect(serviceOrderIdOf('?serviceOrderId=678')).toBe(678);
    expect(serviceOrderIdOf('12345')).toBe(12345);
  });

  it('is none for anything but a positive whole number within the id range', () => {
    for (const search of [
      '',
      '?',
      '?abc',
      '?-5',
      '?0',
      '?1.5',
      '?1e3',
      '?2147483648',
      `?${'9'.repeat(400)}`,
      '?12&x=1',
    ]) {
      expect(serviceOrderIdOf(search), search).toBeNull();
    }
    expect(serviceOrderIdOf('?2147483647')).toBe(2_147_483_647);
  });
});
