/** `%keyword%` for (I)LIKE, with the wildcards of the keyword itself taken literally (backslash escapes). */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
