import type { HistoryChange } from '../../../contract/history';

/** One entry of an instrument's history as an export prints it (what the report worker receives). */
export interface HistoryExportEntry {
  id: number;
  /** The entry's position in its customer's audit chain, and the first hex digits of its chain hash. */
  position: number;
  hash: string;
  /** ISO 8601, UTC. */
  time: string;
  eventType: string;
  actorName: string | null;
  subject: string | null;
  changes: HistoryChange[];
}

/** An instrument's history for an inspection, oldest first. */
export interface HistoryExportData {
  instrument: { mfg: string | null; model: string | null; serial: string | null; pkiTag: string | null };
  customerName: string | null;
  exportedAt: string;
  entries: HistoryExportEntry[];
}
