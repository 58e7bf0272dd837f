import { useState } from 'react';
import { Button, H1, Intent, NonIdealState, Spinner, Tab, TabPanel, Tabs, type TabId } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FAQ_LOADING_DELAY_MS } from '../../../../contract/limits';
import { faqQuery, type FaqModule } from './faq';
import { FaqQuestion } from './FaqQuestion';
import { useShownAfter } from './useShownAfter';

const TABS_ID = 'faq-modules';
const tabIdOf = (module: FaqModule) => String(module.ID);

function FaqModuleQuestions({ module }: { module: FaqModule }) {
  return (
    <>
      {module.FAQ.map((entry, index) => (
        <FaqQuestion
          key={`${tabIdOf(module)}-${index}`}
          id={`faq-${tabIdOf(module)}-${index}`}
          question={entry.Q}
          answer={entry.A}
        />
      ))}
    </>
  );
}

/** Questions on the left, the module tabs on the right (spec 3 section 2, FAQ). */
function FaqModules({ modules }: { modules: FaqModule[] }) {
  const [selected, setSelected] = useState<TabId>(tabIdOf(modules[0]!));
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        {modules.map((module) => (
          <TabPanel
            key={tabIdOf(module)}
            id={tabIdOf(module)}
            parentId={TABS_ID}
            selectedTabId={selected}
            renderActiveTabPanelOnly
            panel={<FaqModuleQuestions module={module} />}
          />
        ))}
      </div>
      <Tabs id={TABS_ID} vertical selectedTabId={selected} onChange={setSelected}>
        {modules.map((module) => (
          <Tab key={tabIdOf(module)} id={tabIdOf(module)} title={module.Module} />
        ))}
      </Tabs>
    </div>
  );
}

/** /app/FAQ: the static English FAQ by module, with a loading indicator that closes after 100 ms. */
export function FaqPage() {
  const { t } = useTranslation('help');
  const faq = useQuery(faqQuery);
  const shown = useShownAfter(faq.isSuccess && !faq.isFetching, FAQ_LOADING_DELAY_MS);

  let body;
  if (faq.isError && !faq.isFetching) {
    body = (
      <NonIdealState
        icon="error"
        title={t('help:faq_load_failed_title')}
        description={t('help:load_failed_text')}
        action={<Button intent={Intent.PRIMARY} text={t('common:retry')} onClick={() => void faq.refetch()} />}
      />
    );
  } else if (!shown || !faq.data) {
    body = (
      <div role="status" aria-live="polite">
        <NonIdealState icon={<Spinner aria-hidden />} title={t('help:faq_loading')} />
      </div>
    );
  } else if (faq.data.length === 0) {
    body = <NonIdealState icon="help" title={t('help:faq_empty')} />;
  } else {
    body = <FaqModules modules={faq.data} />;
  }

  return (
    <div className="portal-page">
      <H1>{t('help:faq_title')}</H1>
      {body}
    </div>
  );
}
