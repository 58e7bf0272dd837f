import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '../../../../contract';
import { USER_ADDED_DATA_SOURCE_ID, type Equipment } from '../../../../contract/equipment';
import { OwnKeys } from '../../components/list';
import { useMayCall } from '../../lib/access';

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
  const mayEdit = useMayCall(contract.equipment.update);
  const mayReserve = useMayCall(contract.reservations.search);
  const mayEditEhs = useMayCall(contract.equipment.updateEhs);
  const mayRequestContractChange = useMayCall(contract.equipment.requestContract);
  const mayViewContractRequests = useMayCall(contract.equipment.contractRequests);
  const mayRemove = useMayCall(contract.equipment.remove);
  const name = [equipment.mfg, equipment.model, equipment.serial].filter(Boolean).join(' ');
  return (
    <OwnKeys>
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
            {mayEdit && (
              <MenuItem icon="edit" text={t('inventory:action_edit')} onClick={() => actions.edit(equipment)} />
            )}
            <MenuItem icon="media" text={t('inventory:action_images')} onClick={() => actions.images(equipment)} />
            <MenuItem
              icon="document"
              text={t('inventory:action_documents')}
              onClick={() => actions.documents(equipment)}
            />
            {mayReserve && (
              <MenuItem
                icon="calendar"
                text={t('reservation:upcoming_reservations')}
                onClick={() => actions.reservations(equipment)}
              />
            )}
            {mayEditEhs && (
              <MenuItem icon="shield" text={t('ehs:action_edit')} onClick={() => actions.ehs(equipment)} />
            )}
            {mayRequestContractChange && !isUserAdded(equipment) && (
              <MenuItem
                icon="annotation"
                text={t('contractRequest:action_change_request')}
                onClick={() => actions.contractChange(equipment)}
              />
            )}
            {mayViewContractRequests && !isUserAdded(equipment) && (
              <MenuItem
                icon="list-detail-view"
                text={t('contractRequest:action_view_requests')}
                onClick={() => actions.arcRequests(equipment)}
              />
            )}
            {mayRemove && (
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
          size="small"
          variant="minimal"
          icon="more"
          aria-label={t('inventory:row_actions', { name })}
          data-testid={`row-actions-${equipment.equipmentId}`}
        />
      </Popover>
    </OwnKeys>
  );
}
