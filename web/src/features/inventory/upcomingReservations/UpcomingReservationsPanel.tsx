import { Button, Callout, Card, Classes, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Equipment } from '../../../../../contract/equipment';
import type { Reservation } from '../../../../../contract/reservations';
import { permissionsOf, ReserverAvatar, useReservationRemoval } from '../../../components/reservations';
import { reservationKeys } from '../../../components/reservations/reservationKeys';
import { useCurrentSession } from '../../../lib/currentUser';
import { formatDateTime } from '../../../lib/dates';
import { upcomingOf, useReservationsOf } from './upcomingReservations';
import { TitledDrawer } from '../../../components/TitledDrawer';

/** Width of the side panel. Chosen: not in spec. */
const PANEL_WIDTH = 420;
const CALENDAR_PATH = '/app/calendar';

export interface UpcomingReservationsPanelProps {
  equipment: Equipment;
  /** The make, model and serial as the page names the instrument. */
  title: string;
  onClose(): void;
}

/** The row menu's side panel (spec 2 section 2): the instrument's reservations that have not ended, with Delete. */
export function UpcomingReservationsPanel({ equipment, title, onClose }: UpcomingReservationsPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useCurrentSession();
  const removal = useReservationRemoval();
  const found = useReservationsOf(equipment);
  const now = Date.now();
  const upcoming = found.data ? upcomingOf(found.data.items, equipment.equipmentId, now) : [];
  const heading = t('reservation:upcoming_reservations');

  const remove = (reservation: Reservation) =>
    removal.remove(reservation, () => void queryClient.invalidateQueries({ queryKey: reservationKeys.all }));

  const body = () => {
    if (found.isPending)
      return <NonIdealState icon={<Spinner size={32} />} title={t('reservation:upcoming_loading')} />;
    if (found.isError) {
      return (
        <NonIdealState
          icon="error"
          title={t('reservation:upcoming_load_failed')}
          action={<Button icon="refresh" text={t('retry')} onClick={() => void found.refetch()} />}
        />
      );
    }
    if (upcoming.length === 0) {
      return (
        <NonIdealState
          icon="calendar"
          title={t('reservation:upcoming_empty')}
          description={t('reservation:upcoming_empty_hint')}
        />
      );
    }
    return (
      <ol className={Classes.LIST_UNSTYLED} aria-label={heading}>
        {upcoming.map((r) => {
          const period = `${formatDateTime(r.startDate)} – ${formatDateTime(r.endDate)}`;
          return (
            <li key={r.reservationId} style={{ marginBottom: 8 }}>
              <Card compact>
                <div style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
                  <strong>{period}</strong>
                  {Date.parse(r.startDate) <= now && (
                    <Tag minimal intent={Intent.SUCCESS}>
                      {t('reservation:upcoming_in_progress')}
                    </Tag>
                  )}
                </div>
                <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 6 }}>
                  <ReserverAvatar reservedBy={r.reservedBy} />
                  {permissionsOf(r, user, now).remove && (
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon="trash"
                      text={t('reservation:delete')}
                      aria-label={t('reservation:upcoming_delete_label', { period })}
                      style={{ marginLeft: 'auto' }}
                      onClick={() => remove(r)}
                    />
                  )}
                </div>
                {r.comments && (
                  <p style={{ margin: '6px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.comments}</p>
                )}
              </Card>
            </li>
          );
        })}
      </ol>
    );
  };

  return (
    <>
      <TitledDrawer isOpen onClose={onClose} title={heading} icon="calendar" size={PANEL_WIDTH}>
        <div className={Classes.DRAWER_BODY} role="region" aria-label={heading}>
          <div className={Classes.DIALOG_BODY}>
            <p className={Classes.TEXT_MUTED}>{title}</p>
            {found.data && found.data.totalCount > found.data.items.length && (
              <Callout intent={Intent.PRIMARY} compact style={{ marginBottom: 8 }}>
                {t('reservation:upcoming_partial')}
              </Callout>
            )}
            {body()}
          </div>
        </div>
        <div className={Classes.DRAWER_FOOTER}>
          <Link to={CALENDAR_PATH}>{t('reservation:upcoming_open_calendar')}</Link>
        </div>
      </TitledDrawer>
      {removal.element}
    </>
  );
}
