import { z } from 'zod';
import { fetchHelpFile } from './staticContent';
import { helpKeys } from './api/helpKeys';

/** Release note entries (spec 1 and 3, section 3): VersionNum, VersionName, Date, ChangeLog. */
export const ReleaseNoteSchema = z.object({
  VersionNum: z.string().regex(/^\d+(\.\d+)*$/),
  VersionName: z.string(),
  Date: z.string(),
  ChangeLog: z.array(z.string()),
});
export type ReleaseNote = z.infer<typeof ReleaseNoteSchema>;

/** Compares dotted version numbers part by part ("0.10.0" is newer than "0.9.2"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The release history, newest first whatever the order in the file. */
export async function loadReleaseNotes(): Promise<ReleaseNote[]> {
  const notes = await fetchHelpFile('releaseNotes.json', z.array(ReleaseNoteSchema));
  return [...notes].sort((a, b) => compareVersions(b.VersionNum, a.VersionNum));
}

export const releaseNotesQuery = {
  queryKey: helpKeys.releaseNotes(),
  queryFn: loadReleaseNotes,
  staleTime: Infinity,
} as const;

/** The newest release note, or null when the history is empty. */
export const newestReleaseNote = (notes: ReleaseNote[]): ReleaseNote | null => notes[0] ?? null;

/** The newest version number, read at run time from releaseNotes.json (never written in code). */
export async function loadNewestVersion(): Promise<string | null> {
  return newestReleaseNote(await loadReleaseNotes())?.VersionNum ?? null;
}
