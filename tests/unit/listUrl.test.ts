import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FilterSetting } from '../../contract/listQuery';
import { listParam, MAX_LIST_PARAM_LENGTH, readListParams, writeListParams } from '../../web/src/lib/listUrl';
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

describe('the query key factory', () => {
  it('starts every key of a resource with its root', () => {
    const keys = queryKeys('equipment', { detail: (id: number) => [id], list: (q: string, page: number) => [q, page] });
    expect(keys.all).toEqual(['equipment']);
    expect(keys.detail(7)).toEqual(['equipment', 'detail', 7]);
    expect(keys.list('a', 2)).toEqual(['equipment', 'list', 'a', 2]);
  });
});
