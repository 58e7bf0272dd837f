import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FilterSetting } from '../../contract/listQuery';
import {
  listParam,
  MAX_LIST_PARAM_LENGTH,
  readLayoutParams,
  readListParams,
  writeLayoutParams,
  writeListParams,
} from '../../web/src/lib/listUrl';
import { queryKeys } from '../../web/src/lib/queryKeys';

const spec = {
  page: listParam.integer(0, 1000),
  q: listParam.text(200),
  mode: listParam.oneOf(['grid', 'tile'] as const),
  day: listParam.date(),
  filter: listParam.json(z.array(FilterSetting)),
};
const defaults = { page: 0, q: '', mode: 'grid' as const, day: '2026-01-01', filter: [] };

describe('a list in the URL', () => {
  it('reads the values it was written with', () => {
    const values = {
      page: 3,
      q: 'HPLC pump',
      mode: 'tile' as const,
      day: '2026-11-29',
      filter: [{ field: 'model', operator: 0, value: ['X'] } as FilterSetting],
    };
    const written = writeListParams(new URLSearchParams(), spec, defaults, values);
    expect(readListParams(written, spec, defaults)).toEqual(values);
  });

  it('leaves defaults out of the URL and keeps parameters it does not own', () => {
    const written = writeListParams(new URLSearchParams('other=1&page=4'), spec, defaults, { ...defaults, q: 'x' });
    expect(written.toString()).toBe('other=1&q=x');
  });

  it('writes a value the way it reads it back, whatever order its keys were in', () => {
    const reordered = { value: ['X'], operator: 0, field: 'model' } as unknown as FilterSetting;
    const written = writeListParams(new URLSearchParams(), spec, defaults, { ...defaults, filter: [reordered] });
    const read = readListParams(written, spec, defaults);
    expect(writeListParams(new URLSearchParams(), spec, defaults, read).toString()).toBe(written.toString());
  });

  it('ignores bad, foreign and oversized values and uses the defaults', () => {
    const params = new URLSearchParams({
      page: '-1',
      q: 'x'.repeat(201),
      mode: 'list',
      day: '2026-13-45',
      filter: '[{"field":"1;drop","operator":0,"value":[]}]',
    });
    expect(readListParams(params, spec, defaults)).toEqual(defaults);
    expect(readListParams(new URLSearchParams({ filter: '{not json' }), spec, defaults)).toEqual(defaults);
    const huge = new URLSearchParams({ filter: `[${'{},'.repeat(MAX_LIST_PARAM_LENGTH)}{}]` });
    expect(readListParams(huge, spec, defaults)).toEqual(defaults);
  });
});

describe("a list's layout in the URL", () => {
  const layoutParams = {
    filter: { name: 'filter', param: listParam.json(z.array(FilterSetting)) },
    mode: { name: 'mode', param: listParam.oneOf(['grid', 'tile'] as const) },
  };
  const base = { filter: [] as FilterSetting[], mode: 'grid' as 'grid' | 'tile', hidden: 1 };

  it('writes the parts that differ from the base and reads every part back', () => {
    const written = writeLayoutParams(new URLSearchParams('page=2'), layoutParams, base, { ...base, mode: 'tile' });
    expect(written.toString()).toBe('page=2&mode=tile');
    expect(readLayoutParams(written, layoutParams, base)).toEqual({ filter: [], mode: 'tile' });
  });

  it('a URL without any part of the layout holds none; a bad part is the base', () => {
    expect(readLayoutParams(new URLSearchParams('page=2'), layoutParams, base)).toBeNull();
    expect(readLayoutParams(new URLSearchParams('mode=list&filter=garbage'), layoutParams, base)).toEqual({
      filter: [],
      mode: 'grid',
    });
  });
});

describe('the query key factory', () => {
  it('starts every key of a resource with its root', () => {
    const keys = queryKeys('equipment', { detail: (id: number) => [id], list: (q: string, page: number) => [q, page] });
    expect(keys.all).toEqual(['equipment']);
    expect(keys.detail(7)).toEqual(['equipment', 'detail', 7]);
    expect(keys.list('a', 2)).toEqual(['equipment', 'list', 'a', 2]);
  });
});
