import { useState } from 'react';
import { Card, Classes, FormGroup, H2, HTMLSelect, Icon, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EMethodApplication, MakeAndModel } from './emethodCatalogue';
import { EMethodDetails } from './EMethodDetails';
import { emethodFile, useEMethods } from './useEMethods';

const SELECT_ID = 'emethods-application';
const links = { display: 'flex', flexWrap: 'wrap', gap: 20, margin: '4px 0 16px' } as const;
const media = { display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 16 } as const;
const illustration = { display: 'block', width: '100%', maxWidth: 360, height: 'auto' } as const;
const graph = { display: 'block', width: '100%', height: 'auto' } as const;

/**
 * The E-methods tab (spec 2 section 2): the provider's applications for the instrument's model, chosen in a
 * dropdown, each with its picture, application note, acquisition method file, result graph and the sub-tabs
 * Description, Compounds, Methods and Systems.
 */
export function EMethodsTab({ equipment }: { equipment: MakeAndModel }) {
  const { t } = useTranslation();
  const emethods = useEMethods(equipment);
  if (emethods.isLoading) {
    return (
      <div style={{ padding: 16 }} aria-busy="true">
        <Spinner size={24} aria-label={t('emethods:loading')} />
      </div>
    );
  }
  // Spec 8: a load error is shown as plain text.
  if (emethods.error) return <p>{t('emethods:load_failed', { error: emethods.error.message })}</p>;
  if (emethods.applications.length === 0) {
    return <p className={Classes.TEXT_MUTED}>{t('emethods:application_error')}</p>;
  }
  return <Applications applications={emethods.applications} subtitle={subtitleOf(equipment, emethods.technique)} />;
}

const subtitleOf = (equipment: MakeAndModel, technique: string | undefined) =>
  [[equipment.mfg, equipment.model].filter(Boolean).join(' '), technique].filter(Boolean).join(' · ');

function Applications({ applications, subtitle }: { applications: EMethodApplication[]; subtitle: string }) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState(applications[0]!.id);
  const application = applications.find((a) => a.id === selectedId) ?? applications[0]!;
  const { files, name } = application;
  return (
    <div style={{ paddingTop: 8 }}>
      <FormGroup label={t('emethods:application')} labelFor={SELECT_ID} style={{ maxWidth: 640 }}>
        <HTMLSelect id={SELECT_ID} fill value={application.id} onChange={(e) => setSelectedId(e.currentTarget.value)}>
          {applications.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <H2 className="portal-heading-3" style={{ marginBottom: 2 }}>
        {name}
      </H2>
      <p className={Classes.TEXT_MUTED} style={{ marginBottom: 8 }}>
        {subtitle}
      </p>
      <div style={links}>
        <a href={emethodFile(files.applicationNote)} target="_blank" rel="noopener noreferrer">
          <Icon icon="document" /> {t('emethods:application_note')}{' '}
          <Icon icon="share" size={12} title={t('emethods:new_tab')} />
        </a>
        <a href={emethodFile(files.acquisitionMethod)} download={files.acquisitionMethod}>
          <Icon icon="download" /> {t('emethods:acquisition_method')}
        </a>
      </div>
      <div style={media}>
        <Card compact style={{ flex: '1 1 240px', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <img
            key={files.image}
            src={emethodFile(files.image)}
            alt={t('emethods:image_alt', { name })}
            width={360}
            height={260}
            style={illustration}
          />
        </Card>
        <Card compact style={{ flex: '2 1 420px', minWidth: 0 }}>
          <img
            key={files.graph}
            src={emethodFile(files.graph)}
            alt={t('emethods:graph_alt', { name })}
            width={640}
            height={340}
            style={graph}
          />
        </Card>
      </div>
      <EMethodDetails application={application} />
    </div>
  );
}
