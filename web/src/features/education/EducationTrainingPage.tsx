import { AnchorButton, Card, H1, H2, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const TRAINING_STORE_URL = 'https://training.provider.example/store';
const BLOCKS = ['operation', 'maintenance', 'compliance'] as const;

/** /app/educationTraining: what training offers, and the training store in a new window. */
export function EducationTrainingPage() {
  const { t } = useTranslation();
  return (
    <div className="portal-page">
      <H1>{t('education_title')}</H1>
      <p>{t('education_intro')}</p>
      <section className="portal-cards">
        {BLOCKS.map((b) => (
          <Card key={b} elevation={1}>
            <H2 className="portal-heading-4">{t(`education_${b}_title`)}</H2>
            <p>{t(`education_${b}_text`)}</p>
          </Card>
        ))}
      </section>
      <AnchorButton
        style={{ marginTop: 16 }}
        intent={Intent.PRIMARY}
        icon="share"
        href={TRAINING_STORE_URL}
        target="_blank"
        rel="noopener noreferrer"
        text={t('education_view_more')}
      />
    </div>
  );
}
