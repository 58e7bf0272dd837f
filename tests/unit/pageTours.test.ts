import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PAGE_TOUR_IDS,
  PAGE_TOURS,
  presentSteps,
  readyToStart,
  tourOfPath,
  tourTextKey,
  tourTitleKey,
} from '../../web/src/components/tours/pageTours';
import { mergeSeen, parseSeenTours, serializeSeen, withSeen } from '../../web/src/components/tours/tourMemory';
import { ROOT } from '../support/testServer';

describe('which pages have a tour', () => {
  it('the welcome page, the inventory, the calendar and the work orders have one, under /app', () => {
    expect(tourOfPath('/app/welcome', '/app')).toBe('welcome');
    expect(tourOfPath('/app/product', '/app')).toBe('inventory');
    expect(tourOfPath('/app/calendar', '/app')).toBe('calendar');
    expect(tourOfPath('/app/workOrder', '/app')).toBe('workOrder');
    expect(tourOfPath('/app/workOrder/', '/app')).toBe('workOrder');
  });

  it('the welcome page has one in admin mode too', () => {
    expect(tourOfPath('/admin/welcome', '/admin')).toBe('welcome');
  });

  it('other pages, deeper paths and another base have none', () => {
    expect(tourOfPath('/app/FAQ', '/app')).toBeNull();
    expect(tourOfPath('/app/product/123', '/app')).toBeNull();
    expect(tourOfPath('/admin/welcome', '/app')).toBeNull();
    expect(tourOfPath('/app', '/app')).toBeNull();
    expect(tourOfPath('/app/constructor', '/app')).toBeNull();
  });
});

describe('tour steps', () => {
  const english = JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en-us/tours.json'), 'utf8')) as Record<
    string,
    string
  >;

  it('every step has a title and a text in the tours namespace, and no anchor is used twice in a tour', () => {
    for (const id of PAGE_TOUR_IDS) {
      const steps = PAGE_TOURS[id];
      expect(steps.length).toBeGreaterThan(2);
      expect(new Set(steps.map((s) => s.anchor)).size).toBe(steps.length);
      for (const step of steps) {
        for (const key of [tourTitleKey(step), tourTextKey(step)]) {
          expect(key.startsWith('tours:')).toBe(true);
          expect(english[key.slice('tours:'.length)], key).toBeTruthy();
        }
      }
    }
  });

  it('a step whose element is missing is left out, in the order of the tour', () => {
    const present = (anchor: string) => anchor !== 'work-order-columns';
    expect(presentSteps('workOrder', present).map((s) => s.anchor)).toEqual([
      'saved-views',
      'work-order-search',
      'work-order-export',
      'work-order-tabs',
      'work-order-list',
    ]);
  });

  it('a first-visit tour waits for every step that is not optional', () => {
    const required = PAGE_TOURS.inventory.filter((s) => !s.optional).map((s) => s.anchor);
    expect(readyToStart('inventory', (a) => required.includes(a))).toBe(true);
    expect(readyToStart('inventory', (a) => a !== 'inventory-list' && required.includes(a))).toBe(false);
    expect(readyToStart('inventory', (a) => a !== 'inventory-search')).toBe(true);
  });
});

describe('first-visit memory', () => {
  it('reads the stored setting and ignores what it does not know', () => {
    expect(parseSeenTours('{"seen":["calendar","workOrder"]}')).toEqual(['calendar', 'workOrder']);
    expect(parseSeenTours({ seen: ['workOrder', 'nonsense', 3, 'welcome'] })).toEqual(['welcome', 'workOrder']);
  });

  it('anything unreadable counts as no tour seen', () => {
    for (const value of [undefined, null, '', 'not json', '{"seen":"welcome"}', '[]', 42]) {
      expect(parseSeenTours(value)).toEqual([]);
    }
  });

  it('adding a seen tour keeps the others, once each; the server and the browser lists merge', () => {
    expect(withSeen(['welcome'], 'calendar')).toEqual(['welcome', 'calendar']);
    expect(withSeen(['welcome', 'calendar'], 'calendar')).toEqual(['welcome', 'calendar']);
    expect(mergeSeen(['workOrder'], ['welcome'])).toEqual(['welcome', 'workOrder']);
    expect(parseSeenTours(serializeSeen(['inventory', 'inventory']))).toEqual(['inventory']);
  });
});
