import { Tag } from '@blueprintjs/core';
import { STATUS_STYLE, statusToneOf } from './serviceCallStatus';

/** A work order's status as the service system names it, styled by what it means (spec 3 section 4). */
export function ServiceCallStatusTag({ status }: { status: string | null }) {
  if (!status) return null;
  const tone = statusToneOf(status);
  const { intent, minimal } = STATUS_STYLE[tone];
  return (
    <Tag intent={intent} minimal={minimal} round className={`service-call-status service-call-status-${tone}`}>
      {status}
    </Tag>
  );
}
