import { useMemo, useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LinkableEquipment, LocationEquipment } from '../../../../../contract/equipment';
import { MODAL_WIDTH } from '../../../../../contract/limits';
import { DiscardChangesAlert, useDiscardConfirmation } from '../../../components/DiscardChangesAlert';
import { getToaster } from '../../../components/toaster';
import { client, resultOf } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/currentUser';
import { useUnsavedData } from '../../../lib/unsavedData';

export interface LinkEquipmentDialogProps {
  isOpen: boolean;
  onClose(): void;
  /** After equipment was added to the user's list (the dialog then closes itself through onClose). */
  onLinked(count: number): void;
}

/** Query key of GET Equipment/list/all (under 'equipment', so every change of equipment refreshes it). */
export const LINKABLE_EQUIPMENT_KEY = ['equipment', 'linkable'] as const;

/** The locations as tabs: the user's own location first (spec 2 section 2), the others in the server's order. */
export function orderLocations(locations: readonly LocationEquipment[], currentLocationId: number | null) {
  const current = locations.filter((l) => l.locationId === currentLocationId);
  return [...current, ...locations.filter((l) => l.locationId !== currentLocationId)];
}

/** Equipment whose make, model, serial, system, nickname or inventory id contains every word of the search. */
export function matchesSearch(equipment: LinkableEquipment, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    equipment.mfg,
    equipment.model,
    equipment.serial,
    equipment.systemId,
    equipment.systemNickName,
    equipment.pkiTag,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
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

  const all = useQuery({
    queryKey: LINKABLE_EQUIPMENT_KEY,
    queryFn: () => resultOf(client.equipment.listAll({ query: {} })),
    staleTime: 0,
  });
  const locations = useMemo(
    () => orderLocations(all.data?.locations ?? [], user.locationId),
    [all.data, user.locationId],
  );
  const hasOwn = locations.some((l) => l.equipment.some((e) => e.isMine));
  const showHint = all.data !== undefined && !all.data.hasLinkedEquipment && !hasOwn;
  const activeTab = tab ?? locations[0]?.locationId ?? null;

  const link = useMutation({
    mutationFn: (ids: number[]) => resultOf(client.equipment.link({ body: ids })),
    onSuccess: (_, ids) => {
      void queryClient.invalidateQueries({ queryKey: ['equipment'] });
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

  const { requestClose, alertProps } = useDiscardConfirmation({
    dirty: selected.size > 0,
    busy: link.isPending,
    onClose,
  });

  const panel = (location: LocationEquipment) => {
    const search = searches[location.locationId] ?? '';
    const shown = location.equipment.filter((e) => matchesSearch(e, search));
    const selectable = shown.filter((e) => !e.isMine).map((e) => e.equipmentId);
    const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));
    const someSelected = selectable.some((id) => selected.has(id));
    return (
      <div>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8 }}>
          <InputGroup
            type="search"
            leftIcon="search"
            style={{ flex: 1 }}
            aria-label={t('equipmentForm:link_search', { city: location.city })}
            placeholder={t('equipmentForm:link_search', { city: location.city })}
            value={search}
            onValueChange={(v) => setSearches((s) => ({ ...s, [location.locationId]: v }))}
          />
          <Checkbox
            style={{ margin: 0 }}
            label={t('equipmentForm:link_select_all')}
            checked={allSelected}
            indeterminate={!allSelected && someSelected}
            disabled={selectable.length === 0}
            onChange={(e) => toggle(selectable, e.currentTarget.checked)}
          />
        </div>
        {location.equipment.length === 0 ? (
          <NonIdealState icon="lab-test" title={t('equipmentForm:link_empty_city')} />
        ) : shown.length === 0 ? (
          <NonIdealState icon="search" title={t('equipmentForm:link_no_match')} />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}>
            {shown.map((e) => (
              <li key={e.equipmentId} style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 32 }}>
                <Checkbox
                  style={{ margin: 0, flex: 1 }}
                  checked={e.isMine || selected.has(e.equipmentId)}
                  disabled={e.isMine}
                  onChange={(ev) => toggle([e.equipmentId], ev.currentTarget.checked)}
                  labelElement={
                    <span>
                      <strong>{[e.mfg, e.model].filter(Boolean).join(' ')}</strong>
                      {e.serial ? ` · ${e.serial}` : ''}
                      {e.systemNickName ? ` · ${e.systemNickName}` : ''}
                      {e.pkiTag ? ` · ${e.pkiTag}` : ''}
                    </span>
                  }
                />
                {e.isMine && <Tag minimal>{t('equipmentForm:link_on_list')}</Tag>}
                {e.isNew && (
                  <Tag minimal intent={Intent.SUCCESS}>
                    {t('equipmentForm:link_new')}
                  </Tag>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  };

  return (
    <>
      <Dialog
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
            <NonIdealState
              icon="error"
              title={t('equipmentForm:link_load_failed')}
              action={<Button text={t('equipmentForm:retry')} onClick={() => void all.refetch()} />}
            />
          ) : locations.length === 0 ? (
            <NonIdealState icon="office" title={t('equipmentForm:link_no_locations')} />
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
                  panel={panel(location)}
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
      </Dialog>
      <DiscardChangesAlert {...alertProps} />
    </>
  );
}
