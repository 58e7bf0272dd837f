import type { z } from 'zod';

/**
 * Fetches one static help file of web/public/help (spec 3 section 7, "Static resources") and checks its shape, so
 * a broken file shows the page's error state instead of a broken page. Revalidated on every load, so a new
 * release is seen without a hard refresh.
 */
export async function fetchHelpFile<T extends z.ZodTypeAny>(name: string, schema: T): Promise<z.infer<T>> {
  const response = await fetch(`${import.meta.env.BASE_URL}help/${name}`, {
    credentials: 'same-origin',
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`help/${name}: HTTP ${response.status}`);
  return schema.parse(await response.json());
}
