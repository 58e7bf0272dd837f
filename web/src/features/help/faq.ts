import { z } from 'zod';
import { fetchHelpFile } from './staticContent';
import { helpKeys } from './api/helpKeys';

/** FAQ file entries (spec 3 section 3): ID, Module, FAQ (Q and A, where A is a list of HTML lines). */
export const FaqModuleSchema = z.object({
  ID: z.union([z.number(), z.string()]),
  Module: z.string(),
  FAQ: z.array(z.object({ Q: z.string(), A: z.array(z.string()) })),
});
export type FaqModule = z.infer<typeof FaqModuleSchema>;

export const faqQuery = {
  queryKey: helpKeys.faq(),
  queryFn: () => fetchHelpFile('faq.json', z.array(FaqModuleSchema)),
  staleTime: Infinity,
} as const;
