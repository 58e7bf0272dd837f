import { useCallback, useState } from 'react';
import { Card, H1, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSystemConfig } from '../../components/config/api/systemConfig';
import { useUnsavedData } from '../../lib/unsavedData';
import { CountryRoutingTab } from './CountryRoutingTab';
import { RegionRoutingTab } from './RegionRoutingTab';

/**
 * Notification e-mail routing (spec 3 "E-mail routing") for provider staff holding its access code: which provider
 * addresses receive new service requests, contract change requests and contact-us requests, per country and region.
 */
export function EmailRoutingPage() {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<'country' | 'region'>('country');
  const [dirty, setDirty] = useState({ country: false, region: false });
  const onCountryDirty = useCallback((country: boolean) => setDirty((d) => ({ ...d, country })), []);
  const onRegionDirty = useCallback((region: boolean) => setDirty((d) => ({ ...d, region })), []);
  useUnsavedData(dirty.country || dirty.region);
  const config = useSystemConfig(i18n.language, { loud: true });
  const countries = config.data?.countries ?? [];

  return (
    <div className="portal-page">
      <H1 id="email-routing-title">{t('emailRouting:title')}</H1>
      <Card style={{ maxWidth: 760 }}>
        <Tabs id="email-routing-tabs" selectedTabId={tab} onChange={(next) => setTab(next as typeof tab)}>
          <Tab
            id="country"
            title={t('emailRouting:tab_country')}
            panel={<CountryRoutingTab countries={countries} onDirty={onCountryDirty} />}
          />
          <Tab
            id="region"
            title={t('emailRouting:tab_region')}
            panel={<RegionRoutingTab countries={countries} onDirty={onRegionDirty} />}
          />
        </Tabs>
      </Card>
    </div>
  );
}
