import type { ExportResult } from '../../../../contract/listQuery';
import type { z } from 'zod';

/** Save an export answer (base64 content) as a file through the browser. */
export function downloadExport(result: z.infer<typeof ExportResult>) {
  const bytes = Uint8Array.from(atob(result.content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: result.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = result.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
