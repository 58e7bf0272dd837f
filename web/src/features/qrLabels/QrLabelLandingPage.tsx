import { useEffect } from 'react';
import { AnchorButton, Button, H1, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorCode } from '../../../../contract/errors';
import { FROM_LABEL } from '../../components/labels/labelSheet';
import { useCurrentSession } from '../../lib/currentUser';
import { requestErrorOf } from '../../lib/requestErrors';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { useLabelTarget } from './useLabelTarget';
import './qrLabelLanding.css';

const TITLE_ID = 'qr-label-title';

const refused = (error: unknown) => {
  const e = requestErrorOf(error);
  return e.kind === 'api' && e.errorCode === ErrorCode.EquipmentNotFound;
};

/**
 * /app/label/{code}: where a scanned QR label leads (after sign-in, which comes back here). The instrument of the
 * user's customer opens with "Report a problem" offered; any other code, known elsewhere or not, is refused alike.
 */
export function QrLabelLandingPage() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = useCurrentSession();
  const target = useLabelTarget(code);
  const equipmentId = target.data?.equipmentId;

  useEffect(() => {
    if (equipmentId !== undefined)
      navigate(`${base}/product/equipmentDetail/${equipmentId}?${FROM_LABEL.name}=${FROM_LABEL.value}`, {
        replace: true,
      });
  }, [equipmentId, base, navigate]);
  useEffect(() => {
    if (target.error && !refused(target.error)) handOverSessionErrors(target.error);
  }, [target.error]);

  const links = (
    <div className="qr-label-actions">
      <AnchorButton
        intent={Intent.PRIMARY}
        href={`${base}/product`}
        text={t('qrLabels:to_inventory')}
        onClick={(e) => {
          e.preventDefault();
          navigate(`${base}/product`);
        }}
      />
      <AnchorButton
        href={`${base}/welcome`}
        text={t('qrLabels:to_welcome')}
        onClick={(e) => {
          e.preventDefault();
          navigate(`${base}/welcome`);
        }}
      />
    </div>
  );

  if (target.malformed || refused(target.error)) {
    return (
      <section className="portal-page qr-label-landing" aria-labelledby={TITLE_ID}>
        <NonIdealState
          icon="disable"
          title={<H1 id={TITLE_ID}>{t('qrLabels:refused_title')}</H1>}
          description={
            <>
              <p>{t('qrLabels:refused_body')}</p>
              <p>{t('qrLabels:refused_switch_hint')}</p>
            </>
          }
          action={links}
        />
      </section>
    );
  }
  if (target.error) {
    return (
      <section className="portal-page qr-label-landing" aria-labelledby={TITLE_ID}>
        <NonIdealState
          icon="error"
          title={<H1 id={TITLE_ID}>{t('qrLabels:load_failed')}</H1>}
          action={
            <div className="qr-label-actions">
              <Button intent={Intent.PRIMARY} icon="refresh" text={t('retry')} onClick={() => void target.refetch()} />
            </div>
          }
        />
      </section>
    );
  }
  return (
    <section className="portal-page qr-label-landing" aria-labelledby={TITLE_ID} aria-busy="true">
      <NonIdealState icon={<Spinner aria-hidden />} title={<H1 id={TITLE_ID}>{t('qrLabels:opening')}</H1>} />
    </section>
  );
}
