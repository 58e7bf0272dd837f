import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_FIELD_NAMES } from '../../api-mock/src/equipment/fields';
import { EQUIPMENT_FIELD_LABEL_KEYS, equipmentFieldLabelKey } from '../../web/src/components/equipmentForm/fieldLabels';
import { ROOT } from '../support/testServer';

const english = JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en-us/equipmentForm.json'), 'utf8')) as Record<
  string,
  string
>;

describe('equipment field labels', () => {
  it('every field of the server registry has a label', () => {
    const missing = EQUIPMENT_FIELD_NAMES.filter((name) => equipmentFieldLabelKey(name) === undefined);
    expect(missing).toEqual([]);
  });

  it('every label key exists in English, in the equipmentForm namespace', () => {
    // A customer's own label (customerLabels:…) comes first where it may exist; the generic one is the fallback.
    const absent = Object.values(EQUIPMENT_FIELD_LABEL_KEYS)
      .map((keys) => (Array.isArray(keys) ? keys.at(-1)! : keys))
      .filter((key) => !key.startsWith('equipmentForm:') || !(key.slice('equipmentForm:'.length) in english));
    expect(absent).toEqual([]);
  });

  it('a name that is not an equipment field has no label', () => {
    expect(equipmentFieldLabelKey('toString')).toBeUndefined();
    expect(equipmentFieldLabelKey('nope')).toBeUndefined();
  });
});
