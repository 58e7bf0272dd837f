import { describe, expect, it } from 'vitest';
import { EhsFields, EHS_NA, EHS_NONE } from '../../contract/equipment';
import { picksOf, togglePick, valueOf } from '../../web/src/components/ehs/ehsPicks';

describe('EHS multi-select rule', () => {
  it('replaces the default by the first normal option and adds further ones', () => {
    expect(togglePick([EHS_NONE], 'toxic')).toEqual(['toxic']);
    expect(togglePick(['toxic'], 'flammable')).toEqual(['toxic', 'flammable']);
  });

  it('clears every other pick when an exclusive option is picked last', () => {
    expect(togglePick(['toxic', 'flammable'], EHS_NA)).toEqual([EHS_NA]);
    expect(togglePick(['toxic'], EHS_NONE)).toEqual([EHS_NONE]);
  });

  it('removes the exclusive option when a normal one is picked', () => {
    expect(togglePick([EHS_NA], 'toxic')).toEqual(['toxic']);
  });

  it('falls back to the default when the last pick is removed', () => {
    expect(togglePick(['toxic'], 'toxic')).toEqual([EHS_NONE]);
    expect(togglePick(['toxic', 'flammable'], 'toxic')).toEqual(['flammable']);
  });

  it('keeps every value it makes valid for the server', () => {
    let picks = [EHS_NONE];
    for (const option of ['toxic', 'flammable', EHS_NA, 'irritant', 'irritant', EHS_NONE, 'corrosive']) {
      picks = togglePick(picks, option);
      const body = { ...EhsFields.parse({ locked: null }), chemicalHazards: valueOf(picks) };
      expect(EhsFields.safeParse(body).success, valueOf(picks)).toBe(true);
    }
    expect(picksOf(valueOf(picks))).toEqual(picks);
  });
});
