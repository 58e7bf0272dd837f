/** Is the value an object (arrays included) whose keys can be read? */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
