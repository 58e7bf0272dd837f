import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { USER_ADDED_DATA_SOURCE_ID, type Equipment } from '../../../../contract/equipment';
import { useCurrentSession } from '../../lib/currentUser';
import { hasFeature } from '../../lib/privileges';

/** What the row menu and the documents column can do with an equipment. */
export interface RowActions {
  serviceRequest(equipment: Equipment): void;
  serviceOrders(equipment: Equipment): void;
  edit(equipment: Equipment): void;
  images(equipment: Equipment): void;
  documents(equipment: Equipment): void;
  reservations(equipment: Equipment): void;
  ehs(equipment: Equipment): void;
  contractChange(equipment: Equipment): void;
  arcRequests(equipment: Equipment): void;
  remove(equipment: Equipment): void;
  /** Whether removing this equipment deletes it (user-added by the current user) or only takes it off the list. */
  deletes(equipment: Equipment): boolean;
}

export const isUserAdded = (e: Equipment) => e.dataSourceId === USER_ADDED_DATA_SOURCE_ID;

/**
 * The row action menu (spec 2 section 2); the service request is hidden for user-added instruments, upcoming
 * reservations need the Reservation feature, removing, the change request and viewing the ARC (contract change)
 * requests need ARC (the last two not for user-added instruments, which have no contract) and editing EHS data needs
 * Equipment with IsEHSAdmin or AllowEHSSetting.
 */
export function RowActionsMenu({ equipment, actions }: { equipment: Equipment; actions: RowActions }) {
  const { t } = useTranslation();
  const { privileges } = useCurrentSession();
  const name = [equipment.mfg, equipment.model, equipment.serial].filter(Boolean).join(' ');
  return (
    <Popover
      placement="bottom-start"
      content={
        <Menu>
          {!isUserAdded(equipment) && (
            <MenuItem
              icon="wrench"
              text={t('inventory:action_service_request')}
              onClick={() => actions.serviceRequest(equipment)}
            />
          )}
          <MenuItem
            icon="history"
            text={t('inventory:action_service_orders')}
            onClick={() => actions.serviceOrders(equipment)}
          />
          {hasFeature(privileges, 'Equipment', ['Edit']) && (
            <MenuItem icon="edit" text={t('inventory:action_edit')} onClick={() => actions.edit(equipment)} />
          )}
          <MenuItem icon="media" text={t('inventory:action_images')} onClick={() => actions.images(equipment)} />
          <MenuItem
            icon="document"
            text={t('inventory:action_documents')}
            onClick={() => actions.documents(equipment)}
          />
          {hasFeature(privileges, 'Reservation') && (
            <MenuItem
              icon="calendar"
              text={t('reservation:upcoming_reservations')}
              onClick={() => actions.reservations(equipment)}
            />
          )}
          {hasFeature(privileges, 'Equipment', ['IsEHSAdmin', 'AllowEHSSetting']) && (
            <MenuItem icon="shield" text={t('ehs:action_edit')} onClick={() => actions.ehs(equipment)} />
          )}
          {hasFeature(privileges, 'ARC') && !isUserAdded(equipment) && (
            <MenuItem
              icon="annotation"
              text={t('contractRequest:action_change_request')}
              onClick={() => actions.contractChange(equipment)}
            />
          )}
          {hasFeature(privileges, 'ARC') && !isUserAdded(equipment) && (
            <MenuItem
              icon="list-detail-view"
              text={t('contractRequest:action_view_requests')}
              onClick={() => actions.arcRequests(equipment)}
            />
          )}
          {hasFeature(privileges, 'ARC') && (
            <>
              <MenuDivider />
              <MenuItem
                icon="trash"
                intent="danger"
                text={actions.deletes(equipment) ? t('inventory:action_delete') : t('inventory:action_remove')}
                onClick={() => actions.remove(equipment)}
              />
            </>
          )}
        </Menu>
      }
    >
      <Button
        small
        minimal
        icon="more"
        aria-label={t('inventory:row_actions', { name })}
        data-testid={`row-actions-${equipment.equipmentId}`}
      />
    </Popover>
  );
}
