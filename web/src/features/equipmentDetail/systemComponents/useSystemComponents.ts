import { useInfiniteQuery } from '@tanstack/react-query';
import { SYSTEM_COMPONENT_PAGE_SIZE } from '../../../../../contract/equipment';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/**
 * The other components of an instrument's system, 10 at a time (GET Equipment/{id}/system/component); nothing is
 * asked without a system id. Under equipmentKeys.all, so an edited or removed instrument refreshes the list.
 */
export function useSystemComponents(equipmentId: number, systemId: string | null) {
  const hasSystem = Boolean(systemId?.trim());
  const found = useInfiniteQuery({
    enabled: hasSystem,
    queryKey: equipmentKeys.systemComponents(equipmentId, systemId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      resultOf(
        client.equipment.systemComponents({
          params: { equipmentId },
          query: { pageIndex: pageParam, pageSize: SYSTEM_COMPONENT_PAGE_SIZE },
        }),
      ),
    getNextPageParam: (last, pages, lastIndex) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.totalCount ? lastIndex + 1 : undefined;
    },
  });
  const items = found.data?.pages.flatMap((p) => p.items) ?? [];
  const totalCount = found.data?.pages.at(-1)?.totalCount ?? 0;
  return { found, hasSystem, items, totalCount };
}
