import { useState } from 'react';
import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { exportLayoutOf } from '../../components/list';
import { showToast } from '../../components/showToast';
import { downloadFile } from '../../lib/downloadFile';
import { exportInventory } from './api/inventoryFilterFields';
import { INVENTORY_FIELDS, PINNED_FIELD } from './inventoryLayout';

export interface InventoryExportQuery {
  filter: FilterSetting[];
  sort: OrderSetting[];
  keyword: string;
  /** The visible data columns in their order (the serial comes first). */
  columns: string[];
}

/** The inventory's export (POST Equipment/export) as the grid shows it: the whole list, or only its selected rows. */
export function useInventoryExport({ filter, sort, keyword, columns }: InventoryExportQuery) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportList = async (equipmentIds?: readonly number[]) => {
    setExporting(true);
    try {
      const response = await exportInventory({
        pageIndex: 0,
        pageSize: 0,
        isFollowed: true,
        listType: 'inventory',
        filterSettings: filter,
        orderSettings: sort,
        fullTextSearchSetting: keyword ? { keyword } : null,
        layoutContent: exportLayoutOf(t, INVENTORY_FIELDS, [PINNED_FIELD, ...columns]),
        ...(equipmentIds && { equipmentIds: [...equipmentIds] }),
      });
      downloadFile(response, 'Product.xlsx');
      showToast(t('inventory:export_done'), Intent.SUCCESS);
    } catch {
      // The request layer has already told the user what went wrong.
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportList: (equipmentIds?: readonly number[]) => void exportList(equipmentIds) };
}
