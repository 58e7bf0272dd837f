import { useQuery } from '@tanstack/react-query';
import { LabelCode } from '../../../../contract/labels';
import { client, resultOf } from '../../lib/api';

/** Query keys of the label lookups. */
export const labelKeys = { target: (code: string) => ['labels', 'target', code] as const };

/**
 * GET EquipmentLabel/{code}: the instrument a scanned label names. A code that is not one (mistyped, cut short) is not
 * sent: `malformed`. Silent: the landing says what went wrong.
 */
export function useLabelTarget(code: string) {
  const malformed = !LabelCode.safeParse(code).success;
  const query = useQuery({
    queryKey: labelKeys.target(code),
    queryFn: () => resultOf(client.labels.resolveLabel({ params: { code }, silent: true })),
    enabled: !malformed,
  });
  return { malformed, ...query };
}
