import { EQUIPMENT_FILTER_FIELDS_PAGE_SIZE, type EquipmentRowEdit } from '../../../../../contract/equipment';
import type { FilterSetting } from '../../../../../contract/listQuery';
import type { FilterSuggestions } from '../../../components/list';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

const fullText = (keyword: string) => (keyword ? { keyword } : null);

/** The grid's filter suggestions: POST Equipment/FilterFields over the same equipment. */
export const PRODUCTS_SUGGESTIONS: FilterSuggestions = {
  queryKey: equipmentKeys.productsManagement('filterFields'),
  pageSize: EQUIPMENT_FILTER_FIELDS_PAGE_SIZE,
  load: (field, others: FilterSetting[], keyword, page) =>
    resultOf(
      client.equipment.filterFields({
        body: {
          ...page,
          selectFields: [field],
          filterSettings: others,
          fullTextSearchSetting: fullText(keyword),
          isFollowed: false,
          listType: 'productsManagement',
        },
      }),
    ),
};

/** PUT Equipment/editingList: the rows are saved all together or not at all. */
export const saveRows = (rows: EquipmentRowEdit[]) => resultOf(client.equipment.updateEditingList({ body: rows }));
