import { z } from 'zod';
import { fetchHelpFile } from './staticContent';
import { helpKeys } from './api/helpKeys';

/** An entry of help/tutorials.json: a recorded tutorial (written by scripts/recordTutorials.ts). */
export const TutorialSchema = z.object({
  id: z.string(),
  video: z.string(),
  poster: z.string(),
  durationSeconds: z.number().nonnegative(),
});
export type Tutorial = z.infer<typeof TutorialSchema>;

/** The translated title and guide of each tutorial the app knows; a listed tutorial without them is not shown. */
export const TUTORIAL_TEXT: Readonly<Record<string, { titleKey: string; introKey: string; stepKeys: string[] }>> = {
  overview: {
    titleKey: 'help:tutorial_overview_title',
    introKey: 'help:tutorial_overview_intro',
    stepKeys: [
      'help:tutorial_overview_step_sign_in',
      'help:tutorial_overview_step_main_menu',
      'help:tutorial_overview_step_header',
      'help:tutorial_overview_step_notifications',
      'help:tutorial_overview_step_theme',
      'help:tutorial_overview_step_faq',
    ],
  },
  productsOverview: {
    titleKey: 'help:tutorial_products_title',
    introKey: 'help:tutorial_products_intro',
    stepKeys: [
      'help:tutorial_products_step_search',
      'help:tutorial_products_step_filter',
      'help:tutorial_products_step_sort',
      'help:tutorial_products_step_tiles',
      'help:tutorial_products_step_view',
      'help:tutorial_products_step_row_menu',
      'help:tutorial_products_step_export',
    ],
  },
  serviceOverview: {
    titleKey: 'help:tutorial_service_title',
    introKey: 'help:tutorial_service_intro',
    stepKeys: [
      'help:tutorial_service_step_row_menu',
      'help:tutorial_service_step_details',
      'help:tutorial_service_step_notify',
      'help:tutorial_service_step_submit',
      'help:tutorial_service_step_header',
    ],
  },
  calendarOverview: {
    titleKey: 'help:tutorial_calendar_title',
    introKey: 'help:tutorial_calendar_intro',
    stepKeys: [
      'help:tutorial_calendar_step_open',
      'help:tutorial_calendar_step_navigate',
      'help:tutorial_calendar_step_reserve',
      'help:tutorial_calendar_step_details',
      'help:tutorial_calendar_step_sidebar',
      'help:tutorial_calendar_step_search',
    ],
  },
};

export const tutorialsQuery = {
  queryKey: helpKeys.tutorials(),
  queryFn: () => fetchHelpFile('tutorials.json', z.array(TutorialSchema)),
  staleTime: Infinity,
} as const;
