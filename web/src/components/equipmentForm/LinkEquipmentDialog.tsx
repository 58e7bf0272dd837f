import { useMemo, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LocationEquipment } from '../../../../contract/equipment';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { useDiscardConfirmation } from '../confirm/useConfirmation';
import { getToaster } from '../toaster';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { linkEquipment, useLinkableEquipment } from './api/equipmentForm';
import { useCurrentSession } from '../../lib/currentUser';
import { useUnsavedData } from '../../lib/unsavedData';
import { LinkLocationPanel } from './LinkLocationPanel';
import { SectionNonIdealState } from '../PageNonIdealState';
import { PortalDialog } from '../dialog/PortalDialog';

export interface LinkEquipmentDialogProps {
  isOpen: boolean;
  onClose(): void;
  /** After equipment was added to the user's list (the dialog then closes itself through onClose). */
  onLinked(count: number): void;
}

/** The locations as tabs: the user's own location first (spec 2 section 2), the others in the server's order. */
export function orderLocations(locations: readonly LocationEquipment[], currentLocationId: number | null) {
  const current = locations.filter((l) => l.locationId === currentLocationId);
  return [...current, ...locations.filter((l) => l.locationId !== currentLocationId)];
}

/** Link equipment to the user's list (manage my products): one tab per city, current city first. */
export function LinkEquipmentDialog(props: LinkEquipmentDialogProps) {
  if (!props.isOpen) return null;
  return <LinkEquipment {...props} />;
}

function LinkEquipment({ onClose, onLinked }: LinkEquipmentDialogProps) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [searches, setSearches] = useState<Record<number, string>>({});
  const [tab, setTab] = useState<number | null>(null);
  useUnsavedData(selected.size > 0);

  const all = useLinkableEquipment();
  const locations = useMemo(
    () => orderLocations(all.data?.locations ?? [], user.locationId),
    [all.data, user.locationId],
  );
  const hasOwn = locations.some((l) => l.equipment.some((e) => e.isMine));
  const showHint = all.data !== undefined && !all.data.hasLinkedEquipment && !hasOwn;
  const activeTab = tab ?? locations[0]?.locationId ?? null;

  const link = useMutation({
    mutationFn: linkEquipment,
    onSuccess: (_, ids) => {
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      void getToaster().then((toaster) =>
        toaster.show({
          message: t('equipmentForm:link_done', { count: ids.length }),
          intent: Intent.SUCCESS,
          icon: 'tick',
        }),
      );
      onLinked(ids.length);
      onClose();
    },
  });

  const toggle = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const { requestClose, element: discardQuestion } = useDiscardConfirmation({
    dirty: selected.size > 0,
    busy: link.isPending,
    onClose,
  });

  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={t('equipmentForm:link_title')}
        icon="link"
        style={{ width: MODAL_WIDTH.medium, maxWidth: '95vw' }}
      >
        <DialogBody>
          {showHint && (
            <Callout
              intent={Intent.PRIMARY}
              icon="lightbulb"
              title={t('equipmentForm:link_hint_title')}
              style={{ marginBottom: 12 }}
            >
              {t('equipmentForm:link_hint')}
            </Callout>
          )}
          {all.isPending ? (
            <Spinner aria-label={t('equipmentForm:link_loading')} />
          ) : all.isError ? (
            <SectionNonIdealState
              level={3}
              icon="error"
              title={t('equipmentForm:link_load_failed')}
              action={<Button text={t('equipmentForm:retry')} onClick={() => void all.refetch()} />}
            />
          ) : locations.length === 0 ? (
            <SectionNonIdealState level={3} icon="office" title={t('equipmentForm:link_no_locations')} />
          ) : (
            <Tabs
              id="link-equipment-tabs"
              selectedTabId={activeTab ?? undefined}
              onChange={(id) => setTab(Number(id))}
              renderActiveTabPanelOnly
            >
              {locations.map((location) => (
                <Tab
                  key={location.locationId}
                  id={location.locationId}
                  title={location.city}
                  tagContent={location.locationId === user.locationId ? t('equipmentForm:link_current') : undefined}
                  tagProps={{ intent: Intent.PRIMARY }}
                  panel={
                    <LinkLocationPanel
                      location={location}
                      search={searches[location.locationId] ?? ''}
                      onSearchChange={(v) => setSearches((s) => ({ ...s, [location.locationId]: v }))}
                      selected={selected}
                      onToggle={toggle}
                    />
                  }
                />
              ))}
            </Tabs>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('cancel')} onClick={requestClose} disabled={link.isPending} />
              <Button
                intent={Intent.PRIMARY}
                text={t('equipmentForm:link_submit', { count: selected.size })}
                disabled={selected.size === 0}
                loading={link.isPending}
                onClick={() => link.mutate([...selected])}
              />
            </>
          }
        />
      </PortalDialog>
      {discardQuestion}
    </>
  );
}
