import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of a screen's one `<main>`, which the skip link moves the focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first focusable element of a screen, hidden until focused; it moves the focus to the
 * screen's `<main>` without touching the URL (a list's state lives there).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="portal-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('skip_to_main')}
    </a>
  );
}

/** A screen outside the portal's shell (sign-in, sign-up, ...): its skip link and its one `<main>`. */
export function StandaloneMain({ className, children }: { className: string; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={className}>
        {children}
      </main>
    </>
  );
}
