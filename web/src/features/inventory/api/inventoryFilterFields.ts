import { EQUIPMENT_FILTER_FIELDS_PAGE_SIZE, type EquipmentExportQuery } from '../../../../../contract/equipment';
import type { FilterSuggestions } from '../../../components/list';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/** The inventory's filter suggestions: POST Equipment/FilterFields of the followed equipment. */
export const INVENTORY_SUGGESTIONS: FilterSuggestions = {
  queryKey: equipmentKeys.filterFields(),
  pageSize: EQUIPMENT_FILTER_FIELDS_PAGE_SIZE,
  load: (field, others, keyword, page) =>
    resultOf(
      client.equipment.filterFields({
        body: {
          ...page,
          selectFields: [field],
          filterSettings: others,
          fullTextSearchSetting: keyword ? { keyword } : null,
          isFollowed: true,
          listType: 'inventory',
        },
      }),
    ),
};

/** POST Equipment/export: the spreadsheet of the list as it is filtered and sorted, as a response to download. */
export const exportInventory = (body: EquipmentExportQuery) => client.equipment.export({ body });
