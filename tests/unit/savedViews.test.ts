import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PreferenceListItem } from '../../contract/preferences';
import type { SavedViewOperation } from '../../machines/savedView.machine';
import {
  FAILURE_MESSAGE_KEYS,
  successMessageKey,
  toSavedViews,
  viewListHeight,
} from '../../web/src/components/savedViews/savedViewHelpers';
import { ROOT } from '../support/testServer';

const english = JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en-us/views.json'), 'utf8')) as Record<
  string,
  string
>;
const OPERATIONS: SavedViewOperation[] = ['load', 'create', 'update', 'share', 'setDefault', 'remove', 'hide'];

const item = (overrides: Partial<PreferenceListItem> = {}): PreferenceListItem => ({
  preferenceId: 1,
  preferenceKey: 'inventory',
  name: 'Calibration due',
  isDefault: false,
  value: '{"mode":"grid"}',
  category: null,
  shareScope: 'private',
  publicPreferenceId: null,
  userId: 7,
  ...overrides,
});

describe('saved-view list height (spec 2 section 9)', () => {
  it('is 32 plus 34 per item', () => {
    expect(viewListHeight(0)).toBe(32);
    expect(viewListHeight(1)).toBe(66);
    expect(viewListHeight(6)).toBe(236);
  });

  it('is capped at 250', () => {
    expect(viewListHeight(7)).toBe(250);
    expect(viewListHeight(40)).toBe(250);
  });
});

describe('the list answer as saved views', () => {
  it('keeps the views of the asked key that carry their value', () => {
    const views = toSavedViews(
      [
        item({ preferenceId: 1 }),
        item({ preferenceId: 2, preferenceKey: 'calendar' }),
        item({ preferenceId: 3, value: undefined }),
      ],
      'inventory',
    );
    expect(views).toEqual([item({ preferenceId: 1 })]);
  });
});

describe('saved-view toasts', () => {
  it('every call has a failure message naming the view, and every change a success message', () => {
    for (const operation of OPERATIONS) {
      const failure = FAILURE_MESSAGE_KEYS[operation];
      expect(failure.startsWith('views:'), failure).toBe(true);
      expect(english[failure.slice('views:'.length)], failure).toBeDefined();
      const success = successMessageKey(operation, 'public');
      if (operation === 'load') {
        expect(success).toBeNull();
        continue;
      }
      expect(english[success!.slice('views:'.length)], success!).toContain('{{name}}');
    }
  });

  it('sharing says whether the view is now public or private', () => {
    expect(successMessageKey('share', 'public')).toBe('views:view_shared');
    expect(successMessageKey('share', 'private')).toBe('views:view_made_private');
  });
});
