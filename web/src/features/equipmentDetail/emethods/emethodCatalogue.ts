import { z } from 'zod';

/*
 * The e-method catalogue (spec 2 section 2 "E-methods tab", section 7 "A static e-method catalogue JSON resource is
 * fetched"): web/public/emethods/catalogue.json, written by the provider in English, with the files it names under
 * web/public/emethods/files/. One entry per instrument make and model, each with its applications.
 */

/** A file of emethods/files/, by bare name: no folders, no schemes, so the catalogue cannot point elsewhere. */
const FileName = (extension: string) =>
  z.string().regex(new RegExp(`^[a-z0-9][a-z0-9._-]*\\.${extension}$`), `a file name ending in .${extension}`);

const Text = z.string().trim().min(1);

/** A CAS registry number as written (the check digit is verified by the catalogue's unit test). */
const CasNumber = z.string().regex(/^\d{2,7}-\d{2}-\d$/, 'a CAS number such as 71-43-2');

/**
 * A row of the Compounds table. Each technique fills the measure it identifies a compound by: chromatography the
 * retention time in minutes, optical spectroscopy the wavelength in nm, mass spectrometry the m/z measured.
 */
export const EMethodCompound = z.object({
  name: Text,
  cas: CasNumber,
  retentionTime: z.number().positive().optional(),
  wavelength: z.number().positive().optional(),
  mass: z.number().positive().optional(),
  /** The regulatory limit or the calibrated range, as the provider words it. */
  limit: Text,
});
export type EMethodCompound = z.infer<typeof EMethodCompound>;

export const EMethodApplication = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: Text,
  /** Paragraphs. */
  description: z.array(Text).min(1),
  compounds: z.array(EMethodCompound).min(1),
  /** Method parameters: column or nebulizer, flows, temperatures, detector settings... */
  methods: z.array(z.object({ label: Text, value: Text })).min(1),
  /** The instrument configuration the method was developed on. */
  systems: z.array(z.object({ module: Text, description: Text })).min(1),
  files: z.object({
    image: FileName('svg'),
    graph: FileName('svg'),
    applicationNote: FileName('html'),
    acquisitionMethod: FileName('txt'),
  }),
});
export type EMethodApplication = z.infer<typeof EMethodApplication>;

export const EMethodInstrument = z.object({
  make: Text,
  model: Text,
  technique: Text,
  /** May be empty: the model is known, but no application is published for it yet. */
  applications: z.array(EMethodApplication),
});
export type EMethodInstrument = z.infer<typeof EMethodInstrument>;

export const EMethodCatalogue = z.object({
  catalogueVersion: Text,
  instruments: z.array(EMethodInstrument),
});
export type EMethodCatalogue = z.infer<typeof EMethodCatalogue>;

/** What an instrument is matched by. */
export interface MakeAndModel {
  mfg: string | null;
  model: string | null;
}

const key = (value: string | null) => (value ?? '').trim().toLocaleLowerCase('en-US');

/** The catalogue entry of the instrument's make and model, compared trimmed and case-insensitively. */
export function emethodEntryOf(
  catalogue: EMethodCatalogue | undefined,
  equipment: MakeAndModel,
): EMethodInstrument | undefined {
  const make = key(equipment.mfg);
  const model = key(equipment.model);
  if (!catalogue || !make || !model) return undefined;
  return catalogue.instruments.find((i) => key(i.make) === make && key(i.model) === model);
}

/** Whether the instrument page shows the E-methods tab: its model matches a catalogue entry. */
export function hasEMethods(catalogue: EMethodCatalogue | undefined, equipment: MakeAndModel): boolean {
  return emethodEntryOf(catalogue, equipment) !== undefined;
}

/** Where the portal serves a file the catalogue names. */
export function emethodFileUrl(baseUrl: string, fileName: string): string {
  return `${baseUrl}emethods/files/${encodeURIComponent(fileName)}`;
}
