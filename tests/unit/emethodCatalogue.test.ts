import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EMethodCatalogue,
  emethodEntryOf,
  hasEMethods,
} from '../../web/src/features/equipmentDetail/emethods/emethodCatalogue';
import { ROOT } from '../support/testServer';

/* The e-method catalogue the portal ships (spec 2 "E-methods tab"): web/public/emethods. */

const FOLDER = path.join(ROOT, 'web/public/emethods');
const raw: unknown = JSON.parse(readFileSync(path.join(FOLDER, 'catalogue.json'), 'utf8'));
const catalogue = EMethodCatalogue.parse(raw);
const applications = catalogue.instruments.flatMap((i) => i.applications);

/** The demo world's models with e-methods; the other demo models have none, so their pages show no tab. */
const COVERED = [
  ['PerkinElmer', 'Clarus 690'],
  ['PerkinElmer', 'Avio 550 Max'],
  ['PerkinElmer', 'NexION 2200'],
  ['PerkinElmer', 'LAMBDA 365'],
  ['Agilent', '1260 Infinity II'],
  ['Agilent', '7890B'],
  ['Waters', 'ACQUITY UPLC H-Class'],
  ['Shimadzu', 'LC-2050'],
] as const;
const UNCOVERED = [
  ['PerkinElmer', 'Spectrum Two'],
  ['Thermo Fisher', 'Orbitrap Exploris 240'],
  ['Mettler Toledo', 'XPR205'],
  ['Eppendorf', '5910 Ri'],
  ['Bruker', 'Avance NEO 400'],
  ['Sartorius', 'Cubis II'],
] as const;

/** CAS check digit: the sum of the other digits, each times its position from the right, modulo 10. */
function casCheckDigitValid(cas: string): boolean {
  const [a = '', b = '', check = ''] = cas.split('-');
  const digits = [...(a + b)].reverse();
  const sum = digits.reduce((total, digit, i) => total + (i + 1) * Number(digit), 0);
  return sum % 10 === Number(check);
}

const folderSize = (files: string[]) => files.reduce((total, f) => total + statSync(path.join(FOLDER, f)).size, 0);

describe('e-method catalogue', () => {
  it('parses with the catalogue schema', () => {
    expect(EMethodCatalogue.safeParse(raw).success).toBe(true);
  });

  it('refuses a catalogue of the wrong shape or with a file outside its folder', () => {
    expect(EMethodCatalogue.safeParse({ instruments: 'none' }).success).toBe(false);
    const first = catalogue.instruments[0]!;
    const app = first.applications[0]!;
    const escaping = { ...app, files: { ...app.files, applicationNote: '../../index.html' } };
    const bad = { ...catalogue, instruments: [{ ...first, applications: [escaping] }] };
    expect(EMethodCatalogue.safeParse(bad).success).toBe(false);
  });

  it('covers each of the demo world’s chromatography and elemental models with two or three applications', () => {
    for (const [mfg, model] of COVERED) {
      const entry = emethodEntryOf(catalogue, { mfg, model });
      expect(entry, `${mfg} ${model}`).toBeDefined();
      expect(entry!.applications.length, `${mfg} ${model}`).toBeGreaterThanOrEqual(2);
      expect(entry!.applications.length, `${mfg} ${model}`).toBeLessThanOrEqual(3);
    }
    expect(catalogue.instruments).toHaveLength(COVERED.length);
  });

  it('leaves the other demo models out, so their pages have no E-methods tab', () => {
    for (const [mfg, model] of UNCOVERED) expect(hasEMethods(catalogue, { mfg, model }), model).toBe(false);
  });

  it('matches make and model trimmed and case-insensitively, and needs both', () => {
    expect(hasEMethods(catalogue, { mfg: '  perkinelmer ', model: 'CLARUS 690  ' })).toBe(true);
    expect(hasEMethods(catalogue, { mfg: 'WATERS', model: 'acquity uplc h-class' })).toBe(true);
    expect(hasEMethods(catalogue, { mfg: 'Agilent', model: 'Clarus 690' })).toBe(false);
    expect(hasEMethods(catalogue, { mfg: null, model: 'Clarus 690' })).toBe(false);
    expect(hasEMethods(catalogue, { mfg: 'PerkinElmer', model: '' })).toBe(false);
    expect(hasEMethods(undefined, { mfg: 'PerkinElmer', model: 'Clarus 690' })).toBe(false);
  });

  it('gives every application a unique id', () => {
    const ids = applications.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every file it names under emethods/files, and its files stay small', () => {
    const named = applications.flatMap((a) => Object.values(a.files));
    const missing = named.filter((f) => !existsSync(path.join(FOLDER, 'files', f)));
    expect(missing).toEqual([]);
    expect(folderSize(['catalogue.json', ...named.map((f) => path.join('files', f))])).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('writes every CAS number with a valid check digit', () => {
    const invalid = applications
      .flatMap((a) => a.compounds.map((c) => `${a.id}: ${c.name} ${c.cas}`))
      .filter((entry) => !casCheckDigitValid(entry.split(' ').pop()!));
    expect(invalid).toEqual([]);
    expect(casCheckDigitValid('71-43-2')).toBe(true);
    expect(casCheckDigitValid('71-43-3')).toBe(false);
  });

  it('gives every compound the measure its technique identifies it by', () => {
    for (const a of applications) {
      for (const c of a.compounds) {
        const measures = [c.retentionTime, c.wavelength, c.mass].filter((m) => m !== undefined);
        expect(measures, `${a.id}: ${c.name}`).toHaveLength(1);
      }
    }
  });

  it('ships application notes without scripts and graphs with axis labels', () => {
    for (const a of applications) {
      const note = readFileSync(path.join(FOLDER, 'files', a.files.applicationNote), 'utf8');
      expect(note, a.id).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
      for (const heading of ['Introduction', 'Experimental', 'Results', 'Conclusion']) {
        expect(note, `${a.id} ${heading}`).toContain(`>${heading}</h2>`);
      }
      const graph = readFileSync(path.join(FOLDER, 'files', a.files.graph), 'utf8');
      expect(graph, a.id).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(graph, a.id).toMatch(/(Time \(min\)|Wavelength \(nm\)|m\/z)/);
      expect(graph, a.id).not.toMatch(/<script|\son[a-z]+=/i);
    }
  });
});
